// A quiz in a chat, one exercise at a time: "Quiz me" after a lesson, /quiz to go on, /review for the
// learner's due reviews. Platform-neutral: it answers with messages and buttons (button values are
// "quiz:<action>"), and each chat platform renders them (an inline keyboard on Telegram, Block Kit on
// Slack). The quiz's place is kept by the caller (the chat's Durable Object) as a QuizState; answers go
// through answerExercise like any. The chat is the learner, except for a lesson a course delivered: its
// quiz records the answers for the course, whose next lessons adapt to them.
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { answerExercise } from "./answer-exercise";
import { AnswerRefused } from "./answer-refused";
import { lessonExercises } from "../lessons/exercise-store";
import type { Exercise } from "../lessons/exercises";
import { CouldNotGrade } from "./grade-answer";
import type { GradedAnswer } from "./graded-answer";
import { learnerStub } from "./learner-object";
import { learningSettings } from "./settings";

export interface QuizItem {
  lessonKey: string;
  exerciseId: string;
}

/** Whose answers a quiz records. */
export interface QuizLearner {
  id: string;
  tenant: Tenant;
}

export interface QuizState {
  mode: "lesson" | "review";
  /** Whose answers it records: the chat, or the course for a course's lesson (absent in states saved before: the chat). */
  learner?: QuizLearner;
  items: QuizItem[];
  /** The item being asked; items.length when the quiz is over. */
  index: number;
  /** A question is out and the learner's next message is its answer. */
  open: boolean;
}

export interface QuizButton {
  label: string;
  /** At most 64 bytes (Telegram's callback_data). */
  value: string;
}

export interface QuizMessage {
  text: string;
  buttons?: QuizButton[][];
}

/** What a button press means: start on the last lesson sent to the chat, or on lesson `lesson` of a course. */
export type QuizAction = { kind: "start" } | { kind: "course"; courseId: string; lesson: number } | { kind: "next" } | { kind: "choose"; letter: string };

/** Course ids are "course-" + 12 hex digits, so the longest value stays far inside Telegram's 64 bytes. */
const BUTTON_VALUE = /^quiz:(?:(start|next|[A-D])|course:([A-Za-z0-9-]{1,40}):(\d{1,6}))$/;

export function quizButtonValue(action: QuizAction): string {
  if (action.kind === "course") return `quiz:course:${action.courseId}:${action.lesson}`;
  return `quiz:${action.kind === "choose" ? action.letter : action.kind}`;
}

/** A quiz button's action; undefined for any other button. */
export function parseQuizButton(value: string | undefined): QuizAction | undefined {
  const m = value ? BUTTON_VALUE.exec(value) : null;
  if (!m) return undefined;
  if (m[2]) return { kind: "course", courseId: m[2], lesson: Number(m[3]) };
  return m[1] === "start" || m[1] === "next" ? { kind: m[1] } : { kind: "choose", letter: m[1]! };
}

/** The offer under a delivered lesson that has exercises to check (`owner`: whose lesson it is); undefined otherwise. */
export async function quizOffer(
  env: Env,
  lessonKey: string,
  owner: Tenant,
  start: Extract<QuizAction, { kind: "start" | "course" }>,
): Promise<QuizMessage | undefined> {
  const set = await lessonExercises(env.LESSONS, lessonKey, owner);
  if (!set?.exercises.some((e) => e.key)) return undefined;
  return {
    text: "Ready to check what you learned? I will ask the lesson's exercises one at a time.",
    buttons: [[{ label: "Quiz me", value: quizButtonValue(start) }]],
  };
}

export interface QuizDeps {
  env: Env;
  /** The learner (the chat, or a course): its answers, schedule and progress. */
  learnerId: string;
  /** Whom the quiz acts for: the chat's platform, or the course's tenant, which is also the learner's owner. */
  tenant: Tenant;
}

/** Starts a quiz over a lesson's exercises, from the first. */
export async function startLessonQuiz(d: QuizDeps, lessonKey: string): Promise<{ state?: QuizState; messages: QuizMessage[] }> {
  const set = await lessonExercises(d.env.LESSONS, lessonKey, d.tenant);
  const items = (set?.exercises ?? []).filter((e) => e.key).map((e) => ({ lessonKey, exerciseId: e.id }));
  if (!items.length) return { messages: [{ text: "That lesson has no exercises I can check." }] };
  const state: QuizState = { mode: "lesson", learner: { id: d.learnerId, tenant: d.tenant }, items, index: 0, open: true };
  return { state, messages: [await ask(d, state)] };
}

/** Starts a review of the learner's due exercises, the longest overdue first. */
export async function startReview(d: QuizDeps): Promise<{ state?: QuizState; messages: QuizMessage[] }> {
  const due = await learnerStub(d.env, d.learnerId).dueReviews(d.tenant, learningSettings(d.env).RECAP_MAX_REVIEWS * 5);
  if (!due.length) return { messages: [{ text: "Nothing is due for review right now. Well done! Ask me for a lesson, or /quiz to go on." }] };
  const state: QuizState = {
    mode: "review",
    learner: { id: d.learnerId, tenant: d.tenant },
    items: due.map((r) => ({ lessonKey: r.lessonKey, exerciseId: r.exercise.id })),
    index: 0,
    open: true,
  };
  return { state, messages: [{ text: `${due.length} exercise${due.length === 1 ? " is" : "s are"} due for review.` }, await ask(d, state)] };
}

/** The current question (after Next or /quiz), or the end of the quiz. */
export async function currentQuestion(d: QuizDeps, state: QuizState): Promise<{ state: QuizState; messages: QuizMessage[] }> {
  return { state: { ...state, open: state.index < state.items.length }, messages: [await ask(d, state)] };
}

/** Whether the quiz has questions left. */
export const quizGoesOn = (state: QuizState | undefined): state is QuizState => state !== undefined && state.index < state.items.length;

/** Grades the answer to the current question; the verdict, then the way on. */
export async function answerQuiz(d: QuizDeps, state: QuizState, answer: string): Promise<{ state: QuizState; messages: QuizMessage[] }> {
  const item = state.items[state.index];
  if (!item) return { state, messages: [await ask(d, state)] };
  let result: GradedAnswer;
  try {
    // The chat's learner (or its course's) is the chat's own: its owner is the tenant it runs as.
    result = await answerExercise(d.env, { ...item, answer, learner: { id: d.learnerId, owner: d.tenant }, tenant: d.tenant });
  } catch (e) {
    if (e instanceof CouldNotGrade)
      return { state, messages: [{ text: `I could not grade that answer just now (${e.cause.message}). Try again, or press Next.`, buttons: nextButton() }] };
    if (e instanceof AnswerRefused && (e.code === "empty_answer" || e.code === "answer_too_long")) return { state, messages: [{ text: e.message }] };
    if (e instanceof AnswerRefused)
      return {
        state: { ...state, index: state.index + 1, open: false },
        messages: [{ text: `I cannot find that exercise any more (${e.message}).`, buttons: nextButton() }],
      };
    throw e;
  }
  const next = { ...state, index: state.index + 1, open: false };
  const mark = result.verdict === "correct" ? "✅ Correct." : result.verdict === "partial" ? "🟡 Partly right." : "❌ Not quite.";
  const feedback = result.feedback.replace(/^(Correct\.|Not quite:?)\s*/, "");
  const verdict = [mark, feedback, result.verdict === "correct" ? "" : `Expected: ${result.expected}`].filter(Boolean).join("\n");
  const more = next.index < next.items.length;
  return {
    state: next,
    messages: [{ text: verdict, buttons: more ? nextButton() : undefined }, ...(more ? [] : [await ask(d, next)])],
  };
}

const nextButton = () => [[{ label: "Next question", value: quizButtonValue({ kind: "next" }) }]];

/** The question at the state's index, with A–D buttons for multiple choice; or the summary at the end. */
async function ask(d: QuizDeps, state: QuizState): Promise<QuizMessage> {
  const item = state.items[state.index];
  if (!item) {
    const progress = await learnerStub(d.env, d.learnerId).progress(d.tenant, learningSettings(d.env).WEAK_CONCEPTS_MAX);
    const lines = [`That was the last one${state.mode === "review" ? " of the review" : ""}.`];
    lines.push(`So far: ${progress.correct} of ${progress.answered} answers right; ${progress.dueReviews} due for review (/review).`);
    if (progress.weakConcepts.length) lines.push(`Worth another look: ${progress.weakConcepts.map((c) => c.term).join(", ")}.`);
    return { text: lines.join("\n") };
  }
  const exercise = (await lessonExercises(d.env.LESSONS, item.lessonKey, d.tenant))?.exercises.find((e) => e.id === item.exerciseId);
  if (!exercise) return { text: `Exercise ${item.exerciseId} of ${item.lessonKey} is gone.`, buttons: nextButton() };
  return questionMessage(exercise, state);
}

function questionMessage(e: Exercise, state: QuizState): QuizMessage {
  const head = `Question ${state.index + 1} of ${state.items.length} (exercise ${e.id}, ${e.type.replace("_", " ")}):`;
  if (e.type === "multiple_choice" && e.options?.length) {
    return {
      text: [head, e.question, ...e.options.map((o) => `${o.letter}. ${o.text}`)].join("\n"),
      buttons: [e.options.map((o) => ({ label: o.letter, value: quizButtonValue({ kind: "choose", letter: o.letter }) }))],
    };
  }
  return { text: [head, e.question, "", "Reply with your answer."].join("\n") };
}
