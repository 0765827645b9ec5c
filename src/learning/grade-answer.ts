// Grades one answer: multiple choice and fill in the blank from the key (key-grading.ts); a fill-in
// answer the key does not settle, short answers and practice tasks by the model in a grading run
// (model-grading.ts's recipe) of the learner's session (or of a throwaway session when the learner is
// anonymous), so the model's work is traced and counted.
import type { Env } from "../env";
import { CodedError } from "../lib/coded-error";
import type { Tenant } from "../lib/tenant";
import { startEphemeralRun } from "../session/runs/ephemeral-run";
import { startRun } from "../session/runs/start-run";
import { AnswerRefused } from "./answer-refused";
import { runSettings } from "../session/runs/settings";
import { learnerPhrases } from "../lessons/learner-phrases";
import { gradeFillIn, gradeMultipleChoice } from "./key-grading";
import type { AnswerKey, Exercise } from "../lessons/exercises";
import type { Grade } from "./graded-answer";
import { GradeArgs, GRADING_RECIPE, gradingRequest, type GradingTask } from "./model-grading";

/** The grader gave no usable verdict (or could not run); the answer is not recorded. */
export class CouldNotGrade extends CodedError<"could_not_grade"> {
  constructor(readonly cause: { code: string; message: string }) {
    super("could_not_grade", `Could not grade this answer: ${cause.message}`);
  }
}

/** Where a model grading runs: the learner's session, as the learner's owner (absent: a throwaway one, for the tenant answering). */
export interface GradingSession {
  /** A learner's session: its owner was looked up (learner-owner.ts), so it is created for that owner even under a derived id. */
  sessionId?: string;
  tenant: Tenant;
}

export async function gradeAnswer(env: Env, exercise: Exercise, key: AnswerKey, answer: string, where: GradingSession): Promise<Grade> {
  if (exercise.type === "multiple_choice") return gradeMultipleChoice(exercise, key, answer, await learnerPhrases(env.ASSETS, exercise.language));
  if (exercise.type === "fill_in") {
    const settled = gradeFillIn(exercise, key, answer, await learnerPhrases(env.ASSETS, exercise.language));
    if (settled) return settled;
  }
  const task: GradingTask = { exercise: { id: exercise.id, type: exercise.type, question: exercise.question }, key, answer };
  const options = {
    stream: false,
    paradigm: "react" as const,
    maxSteps: runSettings(env).MAX_STEPS,
    channel: "grader",
    tenant: where.tenant,
    recipe: GRADING_RECIPE,
  };
  const input = gradingRequest(task);
  let run;
  if (where.sessionId) {
    const started = await startRun(env, where.sessionId, input, { ...options, derivedSession: true });
    // The learner's session is another tenant's: as good as absent.
    if (!started.ok) throw new AnswerRefused("learner_not_found", `learner ${where.sessionId} not found`);
    run = await started.result();
  } else {
    const ephemeral = await startEphemeralRun(env, [], input, options);
    if (!ephemeral.ok) throw new CouldNotGrade(ephemeral);
    try {
      run = await ephemeral.result();
    } finally {
      await ephemeral.dispose();
    }
  }
  if (run.status !== "completed") throw new CouldNotGrade(run.error ?? { code: run.status, message: `the grading run ended ${run.status}` });
  const verdict = GradeArgs.safeParse(parseJson(run.output));
  if (!verdict.success) throw new CouldNotGrade({ code: "could_not_grade", message: "the grader's verdict was malformed" });
  return { ...verdict.data, expected: key.answer };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
