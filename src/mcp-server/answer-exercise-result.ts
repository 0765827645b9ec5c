// answer_exercise's result in the words of the exercise's lesson (learner-phrases.json), as the chat quiz
// says it: the verdict's mark and word, the feedback, the expected answer; a refusal likewise. A Spanish
// lesson's learner read "incorrect (score 0)" and "Expected:" around Spanish feedback. structuredContent
// keeps the machine fields (verdict, score); a learner id the host named that does not exist stays English.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Env } from "../env";
import { fill } from "../lib/phrase-book";
import type { Tenant } from "../lib/tenant";
import { lessonExercises } from "../lessons/exercise-store";
import { learnerPhrases, type LearnerPhrases, withoutVerdictWords } from "../lessons/learner-phrases";
import { answerExercise } from "../learning/answer-exercise";
import { AnswerRefused } from "../learning/answer-refused";
import { CouldNotGrade } from "../learning/grade-answer";

const MARKS = { correct: ["✅", "correct"], partial: ["🟡", "partly"], incorrect: ["❌", "notQuite"] } as const;

/** The learner's phrase of each refusal ({id}, {lesson}: the exercise and lesson asked for). */
const REFUSALS: Partial<Record<string, keyof LearnerPhrases>> = {
  empty_answer: "emptyAnswer",
  lesson_not_found: "gone",
  exercise_not_found: "gone",
  no_answer_key: "noKey",
  could_not_grade: "couldNotGrade",
};

export async function answerExerciseResult(
  env: Env,
  tenant: Tenant,
  a: { key: string; exercise: string; answer: string; learner: string },
): Promise<CallToolResult> {
  const set = await lessonExercises(env.LESSONS, a.key, tenant);
  const say = await learnerPhrases(env.ASSETS, (set?.exercises.find((x) => x.id === a.exercise) ?? set?.exercises[0])?.language);
  try {
    const graded = await answerExercise(env, { lessonKey: a.key, exerciseId: a.exercise, answer: a.answer, learner: a.learner, tenant });
    const [mark, word] = MARKS[graded.verdict];
    const expected = graded.verdict === "correct" ? "" : `${say.expected} ${graded.expected}`;
    const text = [`${mark} ${say[word]}`, withoutVerdictWords(graded.feedback, say), expected].filter(Boolean).join("\n");
    return { content: [{ type: "text", text }], structuredContent: { ...graded, sessionId: a.learner } };
  } catch (e) {
    if (!(e instanceof AnswerRefused || e instanceof CouldNotGrade)) throw e;
    const phrase = REFUSALS[e.code];
    return { isError: true, content: [{ type: "text", text: phrase ? fill(say[phrase], { id: a.exercise, lesson: a.key }) : e.message }] };
  }
}
