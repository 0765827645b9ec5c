// A quiz in a chat, one exercise at a time: "Quiz me" after a lesson, /quiz to go on, /review for the
// learner's due reviews. Platform-neutral: it answers with messages and buttons (values "quiz:…", each
// naming the lesson or question it belongs to), and each chat platform renders them (an inline
// keyboard on Telegram, Block Kit on Slack). The quiz's place is kept by the caller (the chat's
// Durable Object) as a QuizState; answers go through answerExercise like any. The chat is the learner,
// except for a lesson a course delivered: its quiz records the answers for the course, whose next
// lessons adapt to them, and keeps them for the conversation too (keptHere): a course may deliver to
// several chats, other people's, so the chat's /review and /progress cover what was answered for its
// courses (QuizDeps.also) in this conversation only, never the course's answers given elsewhere.
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { answerExercise } from "./answer-exercise";
import { AnswerRefused } from "./answer-refused";
import { lessonExercises } from "../lessons/exercise-store";
import type { Exercise } from "../lessons/exercises";
import { vocabularyOf } from "../lessons/vocabulary";
import { wordFor } from "../lessons/lesson-language-tag";
import { CouldNotGrade } from "./grade-answer";
import { fill } from "../lib/phrase-book";
import { learnerPhrases, type LearnerPhrases, withoutVerdictWords } from "../lessons/learner-phrases";
import type { GradedAnswer } from "./graded-answer";
import { currentProgress } from "./current-progress";
import { currentReviews } from "./current-reviews";
import { learnerStub } from "./learner-object";
import { DAY_MS, type Progress } from "./learner-store";
import { mergedProgress } from "./merged-progress";
import { count } from "./progress-summary";
import { learningSettings } from "./settings";

export interface QuizItem {
  lessonKey: string;
  exerciseId: string;
  /** The lesson's language (Exercise.language): the quiz asks and answers this item in it. */
  language?: string;
  /** Whose exercise it is when not the quiz's learner's: a course's, in a chat's review. */
  learner?: QuizLearner;
}

/** Whose answers a quiz records. */
export interface QuizLearner {
  id: string;
  tenant: Tenant;
}

export interface QuizState {
  /** Names this quiz in its buttons, so a press under an earlier quiz's question is told from one under this one's (absent in states saved before: given on the next question). */
  id?: string;
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

/** The question a button belongs to: which quiz, and which of its items. */
export interface QuestionRef {
  quiz: string;
  index: number;
}

/**
 * What a button press means: start on the chat's lesson tagged `lesson` (lessonTag), or on lesson `lesson`
 * of a course; go on to question `at`, or answer it. `lesson` and `at` are absent only in buttons sent
 * before buttons named them ("quiz:start", "quiz:next", "quiz:B"): those match nothing and are refused.
 */
export type QuizAction =
  | { kind: "start"; lesson?: string }
  | { kind: "course"; courseId: string; lesson: number }
  | { kind: "next"; at?: QuestionRef }
  | { kind: "choose"; letter: string; at?: QuestionRef };

/**
 * "quiz:start:<tag>", "quiz:course:<course id>:<n>", "quiz:<quiz id>:<index>:next|A–D", and the old
 * forms without tag or question. Course ids are "course-" + 12 hex digits, so the longest value stays
 * far inside Telegram's 64 bytes (a question's is at most 20).
 */
const BUTTON_VALUE = /^quiz:(?:(start|next|[A-D])|start:([0-9a-f]{8})|course:([A-Za-z0-9-]{1,40}):(\d{1,6})|([0-9a-f]{8}):(\d{1,4}):(next|[A-D]))$/;

export function quizButtonValue(action: QuizAction): string {
  if (action.kind === "course") return `quiz:course:${action.courseId}:${action.lesson}`;
  if (action.kind === "start") return action.lesson ? `quiz:start:${action.lesson}` : "quiz:start";
  const what = action.kind === "choose" ? action.letter : "next";
  return action.at ? `quiz:${action.at.quiz}:${action.at.index}:${what}` : `quiz:${what}`;
}

/** A quiz button's action; undefined for any other button. */
export function parseQuizButton(value: string | undefined): QuizAction | undefined {
  const m = value ? BUTTON_VALUE.exec(value) : null;
  if (!m) return undefined;
  if (m[2]) return { kind: "start", lesson: m[2] };
  if (m[3]) return { kind: "course", courseId: m[3], lesson: Number(m[4]) };
  const at = m[5] ? { quiz: m[5], index: Number(m[6]) } : undefined;
  const what = m[1] ?? m[7]!;
  if (what === "start") return { kind: "start" };
  return what === "next" ? { kind: "next", ...(at ? { at } : {}) } : { kind: "choose", letter: what, ...(at ? { at } : {}) };
}

/** Whether a button of question `at` is one of the question the quiz is at now (an old button naming none never is). */
export const isCurrentQuestion = (state: QuizState | undefined, at: QuestionRef | undefined): boolean =>
  state?.id !== undefined && at !== undefined && at.quiz === state.id && at.index === state.index;

/** A lesson key's short tag for its "Quiz me" button (FNV-1a, 8 hex digits): keys are too long for callback_data. */
export function lessonTag(lessonKey: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(lessonKey)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

const newQuizId = () => [...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("");

type NamedQuiz = QuizState & { id: string };
/** The quiz's new place and what to say. */
type Step = { state: NamedQuiz; messages: QuizMessage[] };

/** The state with an id (a quiz saved before quizzes had one gets it now, so its next buttons name it). */
const withId = (state: QuizState): NamedQuiz => (state.id ? (state as NamedQuiz) : { ...state, id: newQuizId() });

/** The offer under a delivered lesson that has exercises to check (`owner`: whose lesson it is); undefined otherwise. */
export async function quizOffer(
  env: Env,
  lessonKey: string,
  owner: Tenant,
  start: Extract<QuizAction, { kind: "start" | "course" }>,
): Promise<QuizMessage | undefined> {
  const set = await lessonExercises(env.LESSONS, lessonKey, owner);
  const checked = set?.exercises.find((e) => e.key);
  if (!checked) return undefined;
  const phrases = await learnerPhrases(env.ASSETS, checked.language);
  return { text: phrases.offer, buttons: [[{ label: phrases.quizMe, value: quizButtonValue(start) }]] };
}

export interface QuizDeps {
  env: Env;
  /** The learner (the chat, or a course): its answers, schedule and progress. */
  learnerId: string;
  /** Whom the quiz acts for: the chat's platform, or the course's tenant, which is also the learner's owner. */
  tenant: Tenant;
  /** The courses whose quizzes were taken in the chat: its review asks their due exercises too, and its summary counts them. */
  also?: QuizLearner[];
  /** The conversation's own learner (the chat's), when a chat runs the quiz: a course's answers given here are kept under it too. */
  conversation?: string;
}

const quizItem = (lessonKey: string, e: Pick<Exercise, "id" | "language">, learner?: QuizLearner): QuizItem => ({
  lessonKey,
  exerciseId: e.id,
  ...(e.language ? { language: e.language } : {}),
  ...(learner ? { learner } : {}),
});

/** The quiz's learner, then those of QuizDeps.also. */
const learnersOf = (d: QuizDeps): QuizLearner[] => [{ id: d.learnerId, tenant: d.tenant }, ...(d.also ?? [])];

/**
 * Where a learner's answers given in this conversation are: the chat's own learner, or for a course the
 * course's answers given here (`<chat learner>-<course id>`, reserved as the chat's id is), of the course's owner.
 */
const keptHere = (d: QuizDeps, l: QuizLearner): QuizLearner =>
  d.conversation && l.id !== d.conversation ? { id: `${d.conversation}-${l.id}`, tenant: l.tenant } : l;

/** The deps an item is read and answered with: its own learner's (a course's, in a chat's review), else the quiz's. */
const itemDeps = (d: QuizDeps, item: QuizItem): QuizDeps => (item.learner ? { env: d.env, learnerId: item.learner.id, tenant: item.learner.tenant } : d);

/**
 * The progress of the quiz's learners, as one report (a chat's own answers and its courses'), as their lessons
 * are now (current-progress.ts): a gone exercise is not counted due in /progress and then left out by /review.
 */
export async function quizProgress(d: QuizDeps, maxWeakConcepts: number): Promise<Progress> {
  const reports = await Promise.all(
    learnersOf(d)
      .map((l) => keptHere(d, l))
      .map((l) => currentProgress(d.env, l.id, l.tenant, maxWeakConcepts)),
  );
  return mergedProgress(reports, maxWeakConcepts);
}

/** Starts a quiz over a lesson's exercises, from the first. */
export async function startLessonQuiz(d: QuizDeps, lessonKey: string): Promise<{ state?: QuizState; messages: QuizMessage[] }> {
  const set = await lessonExercises(d.env.LESSONS, lessonKey, d.tenant);
  const items = (set?.exercises ?? []).filter((e) => e.key).map((e) => quizItem(lessonKey, e));
  if (!items.length) return { messages: [{ text: (await learnerPhrases(d.env.ASSETS, set?.exercises[0]?.language)).noExercises }] };
  return ask(d, { id: newQuizId(), mode: "lesson", learner: { id: d.learnerId, tenant: d.tenant }, items, index: 0, open: true });
}

/** Starts a review of the learner's due exercises, the longest overdue first; `language`: the person's, for the words no lesson's language covers. */
export async function startReview(d: QuizDeps, language: string | undefined): Promise<{ state?: QuizState; messages: QuizMessage[] }> {
  const max = learningSettings(d.env).RECAP_MAX_REVIEWS * 5;
  const learners = learnersOf(d);
  // One review asks at most RECAP_MAX_REVIEWS × 5 of its learners' due exercises, as their lessons have them
  // now (gone ones are dropped first); it then says how many are due in all, as /progress does.
  // Each course's exercises as answered here; asked again, they are answered for the course (and kept here).
  const lists = await Promise.all(learners.map((l) => currentReviews(d.env, keptHere(d, l).id, l.tenant, max)));
  const due = lists
    .flatMap((list, i) => list.map((r) => ({ due: r.due, item: quizItem(r.lessonKey, r.exercise, i ? learners[i] : undefined) })))
    .sort((a, b) => a.due.localeCompare(b.due))
    .slice(0, max);
  const { dueReviews } = await quizProgress(d, 1);
  const phrases = await learnerPhrases(d.env.ASSETS, language);
  if (!due.length) return { messages: [{ text: await nothingDue(d, phrases) }] };
  const first = await ask(d, {
    id: newQuizId(),
    mode: "review",
    learner: { id: d.learnerId, tenant: d.tenant },
    items: due.map((r) => r.item),
    index: 0,
    open: true,
  });
  return {
    state: first.state,
    messages: [{ text: due.length === 1 ? phrases.dueOne : fill(phrases.dueMany, { n: Math.max(dueReviews, due.length) }) }, ...first.messages],
  };
}

/** Nothing due now, and in how many days the next review is (counted from now, so no time zone is assumed). */
async function nothingDue(d: QuizDeps, phrases: LearnerPhrases): Promise<string> {
  const now = Date.now();
  const dues = (await Promise.all(learnersOf(d).map((l) => learnerStub(d.env, keptHere(d, l).id).nextDue(l.tenant, now)))).filter((t) => t !== undefined);
  if (!dues.length) return phrases.nothingDue;
  const next = Math.min(...dues);
  const days = Math.max(1, Math.ceil((next - now) / DAY_MS));
  return `${phrases.nothingDue}\n${fill(phrases.nextDueIn, { days: count(days, phrases.dayOne, phrases.dayMany) })}`;
}

/** The current question (after Next or /quiz), or the end of the quiz. */
export async function currentQuestion(d: QuizDeps, saved: QuizState): Promise<{ state: QuizState; messages: QuizMessage[] }> {
  return ask(d, withId(saved));
}

/** Whether the quiz has questions left. */
export const quizGoesOn = (state: QuizState | undefined): state is QuizState => state !== undefined && state.index < state.items.length;

/** Grades the answer to the current question; the verdict, then the way on. */
export async function answerQuiz(d: QuizDeps, saved: QuizState, answer: string): Promise<{ state: QuizState; messages: QuizMessage[] }> {
  const state = withId(saved);
  const item = state.items[state.index];
  if (!item) return ask(d, state);
  let result: GradedAnswer;
  try {
    // The chat's learner (or its course's) is the chat's own: its owner is the tenant it runs as.
    const who = itemDeps(d, item);
    const here = keptHere(d, { id: who.learnerId, tenant: who.tenant });
    result = await answerExercise(d.env, {
      lessonKey: item.lessonKey,
      exerciseId: item.exerciseId,
      answer,
      learner: { id: who.learnerId, owner: who.tenant },
      tenant: who.tenant,
      ...(here.id !== who.learnerId ? { alsoFor: { id: here.id, owner: here.tenant } } : {}),
    });
  } catch (e) {
    // The learner reads why in the lesson's words; the service's English cause stays in the grading run's trace.
    const phrases = await phrasesOf(d, item);
    if (e instanceof CouldNotGrade) return { state, messages: [{ text: phrases.couldNotGrade, buttons: nextButton(state, phrases) }] };
    if (e instanceof AnswerRefused && e.code === "empty_answer") return { state, messages: [{ text: phrases.emptyAnswer }] };
    if (e instanceof AnswerRefused && e.code === "answer_too_long")
      return { state, messages: [{ text: fill(phrases.answerTooLong, { max: learningSettings(d.env).ANSWER_MAX_CHARS }) }] };
    if (e instanceof AnswerRefused) return passOver(d, state, item);
    throw e;
  }
  const phrases = await phrasesOf(d, item);
  const mark = result.verdict === "correct" ? `✅ ${phrases.correct}` : result.verdict === "partial" ? `🟡 ${phrases.partly}` : `❌ ${phrases.notQuite}`;
  const feedback = withoutVerdictWords(result.feedback, phrases);
  const verdict = [mark, feedback, result.verdict === "correct" ? "" : `${phrases.expected} ${result.expected}`].filter(Boolean).join("\n");
  return afterItem(d, state, verdict);
}

/**
 * Done with the current item (answered, or its exercise gone): `text`, then Next question to the following
 * item, or, after the last, the summary (a Next there would lead nowhere: the quiz is over).
 */
async function afterItem(d: QuizDeps, state: NamedQuiz, text: string): Promise<Step> {
  const next = { ...state, index: state.index + 1, open: false };
  const phrases = await phrasesOf(d, state.items[state.index]);
  if (next.index < next.items.length) return { state: next, messages: [{ text, buttons: nextButton(next, phrases) }] };
  return { state: next, messages: [{ text }, await summary(d, next, phrases)] };
}

/**
 * An exercise gone since the quiz began (its lesson saved again without it, or deleted): said so, and its
 * review card dropped, since nothing can ask it again; otherwise /review would promise it, and pass it over, forever.
 */
async function passOver(d: QuizDeps, state: NamedQuiz, item: QuizItem): Promise<Step> {
  const who = itemDeps(d, item);
  await learnerStub(d.env, who.learnerId).retire(who.tenant, item.lessonKey, item.exerciseId);
  return afterItem(d, state, fill((await phrasesOf(d, item)).gone, { id: item.exerciseId, lesson: item.lessonKey }));
}

/** The words of an item's lesson (absent in quizzes saved before items named their language: English). */
const phrasesOf = (d: QuizDeps, item: QuizItem | undefined) => learnerPhrases(d.env.ASSETS, item?.language);

/** Next question, naming the question it leads to: pressed after that one was answered, it is refused rather than acted on. */
const nextButton = (to: NamedQuiz, phrases: LearnerPhrases) => [
  [{ label: phrases.next, value: quizButtonValue({ kind: "next", at: { quiz: to.id, index: to.index } }) }],
];

/**
 * The question at the state's index, open for its answer, with A–D buttons for multiple choice; or the
 * summary at the end. An exercise gone since the quiz began (its lesson changed or deleted) is passed
 * over: said so, with Next to the following item, so its Next never asks the gone one again.
 */
async function ask(d: QuizDeps, state: NamedQuiz): Promise<Step> {
  const item = state.items[state.index];
  const phrases = await phrasesOf(d, item ?? state.items.at(-1));
  if (!item) return { state: { ...state, open: false }, messages: [await summary(d, state, phrases)] };
  const exercise = (await lessonExercises(d.env.LESSONS, item.lessonKey, itemDeps(d, item).tenant))?.exercises.find((e) => e.id === item.exerciseId);
  if (!exercise) return passOver(d, state, item);
  return { state: { ...state, open: true }, messages: [questionMessage(exercise, state, phrases)] };
}

/** The end of the quiz: how the learner is doing. */
async function summary(d: QuizDeps, state: NamedQuiz, phrases: LearnerPhrases): Promise<QuizMessage> {
  const progress = await quizProgress(d, learningSettings(d.env).WEAK_CONCEPTS_MAX);
  const lines = [state.mode === "review" ? phrases.lastOfReview : phrases.lastOne];
  lines.push(fill(phrases.soFar, { correct: progress.correct, answered: progress.answered, due: progress.dueReviews }));
  if (progress.weakConcepts.length) lines.push(fill(phrases.worthALook, { concepts: progress.weakConcepts.map((c) => c.term).join(", ") }));
  return { text: lines.join("\n") };
}

function questionMessage(e: Exercise, state: NamedQuiz, phrases: LearnerPhrases): QuizMessage {
  // The type as the lesson's vocabulary names it, in the lesson's script (單項選擇題 for zh-Hant); in English, as before, in lower case.
  const v = e.language === "en" ? undefined : vocabularyOf(e.language);
  const type = v ? wordFor(e.language!, v, v.exerciseTypes[e.type]) : e.type.replace("_", " ");
  const head = fill(phrases.question, { n: state.index + 1, total: state.items.length, id: e.id, type });
  if (e.type === "multiple_choice" && e.options?.length) {
    return {
      text: [head, e.question, ...e.options.map((o) => `${o.letter}. ${o.text}`)].join("\n"),
      buttons: [
        e.options.map((o) => ({ label: o.letter, value: quizButtonValue({ kind: "choose", letter: o.letter, at: { quiz: state.id, index: state.index } }) })),
      ],
    };
  }
  return { text: [head, e.question, "", phrases.reply].join("\n") };
}
