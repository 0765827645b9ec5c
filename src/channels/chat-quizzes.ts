// The quiz as a conversation keeps it (src/learning/chat-quiz.ts asks and grades): where the quiz is
// (QuizState), the last lesson sent here and the lessons recently offered, in the chat's meta under the
// conversation's learner (a Telegram forum topic has its own; a Slack channel's threads share the
// channel's); "Quiz me" under a lesson; /quiz, /review, replies while a question is out, and clicks on the
// quiz's buttons. What it says goes out through the chat's platform. Its answers are the learner's, except
// in the quiz of a lesson a course delivered here: that quiz answers for the course, once the course is
// found to deliver to this chat, and the course is remembered here, so that this conversation's /review
// and /progress cover its exercises too: what a person answered here comes back here.
import { shardHolding } from "../courses/course-shards";
import { courseSettings } from "../courses/settings";
import { deliversTo } from "../delivery/course-delivery";
import type { Env } from "../env";
import {
  answerQuiz,
  currentQuestion,
  isCurrentQuestion,
  lessonTag,
  quizGoesOn,
  quizOffer,
  quizProgress,
  startLessonQuiz,
  startReview,
  type QuizAction,
  type QuizDeps,
  type QuizLearner,
  type QuizMessage,
  type QuizState,
} from "../learning/chat-quiz";
import type { ChatStore } from "./chat-store";
import type { ChatPhrases } from "../platforms/chat-phrases";
import type { AnyChatPlatform, ChatAddress, ChatClick, ChatTarget } from "../platforms/registry";
import type { OutgoingMessage } from "../platforms/chat-platform";
import type { Tenant } from "../lib/tenant";
import type { Progress } from "../learning/learner-store";

/** The quiz's place, and the last lesson offered here (what "Quiz me" and /quiz ask about) with its learner. */
const QUIZ = "quiz";
const LAST_LESSON = "last_lesson";
/** The chat's own lessons offered lately ({tag, key}, newest last): what a "Quiz me" press names. */
const OFFERED = "quiz_offered";
const OFFERED_KEPT = 20;
/** The courses whose quizzes were taken in the conversation (QuizLearner[], newest last): its /review and /progress cover them. */
const COURSES = "quiz_courses";
const COURSES_KEPT = 10;

type Step = { state?: QuizState; messages: QuizMessage[] };
type Offered = Array<{ tag: string; key: string }>;

export class ChatQuizzes {
  constructor(
    private readonly env: Env,
    private readonly store: ChatStore,
  ) {}

  /** Whether a question is out in the conversation: its next plain message is the answer. */
  isOpen(platform: AnyChatPlatform, chat: ChatAddress): boolean {
    return this.state(platform, chat)?.open === true;
  }

  /** The question a reply would answer now (the quiz's kept place); undefined when none is out. */
  position(platform: AnyChatPlatform, chat: ChatAddress): string | undefined {
    return this.isOpen(platform, chat) ? `quiz:${this.get(platform, chat, QUIZ)}` : undefined;
  }

  /** "Quiz me" under a lesson that has exercises to check; the lesson becomes what /quiz asks about. */
  async offer(platform: AnyChatPlatform, chat: ChatAddress, to: ChatTarget, lessonKey: string): Promise<void> {
    const tag = lessonTag(lessonKey);
    const offer = await quizOffer(this.env, lessonKey, platform.tenant, { kind: "start", lesson: tag });
    if (!offer) return;
    this.set(platform, chat, LAST_LESSON, lessonKey);
    const offered = [...this.offered(platform, chat).filter((o) => o.tag !== tag), { tag, key: lessonKey }].slice(-OFFERED_KEPT);
    this.set(platform, chat, OFFERED, JSON.stringify(offered));
    await platform.send(to, offer);
  }

  /** /quiz: the open quiz's next question, else a quiz over the last lesson offered here. */
  async continue(platform: AnyChatPlatform, chat: ChatAddress, to: ChatTarget, say: ChatPhrases): Promise<void> {
    const quiz = this.state(platform, chat);
    if (quizGoesOn(quiz)) return this.send(platform, chat, to, await currentQuestion(this.deps(platform, chat, quiz), quiz));
    await this.send(platform, chat, to, await this.startLastLesson(platform, chat, say.noLessonYet));
  }

  /** /review: the learner's due exercises; `language`: the person's, for what no lesson's language covers. */
  async review(platform: AnyChatPlatform, chat: ChatAddress, to: ChatTarget, language: string | undefined): Promise<void> {
    await this.send(platform, chat, to, await startReview({ ...this.deps(platform, chat), also: await this.coursesHere(platform, chat) }, language));
  }

  /** /progress: the conversation's own answers and those of the courses quizzed here, as one report. */
  async progress(platform: AnyChatPlatform, chat: ChatAddress, maxWeakConcepts: number): Promise<Progress> {
    return quizProgress({ ...this.deps(platform, chat), also: await this.coursesHere(platform, chat) }, maxWeakConcepts);
  }

  /** A reply while a question is out. */
  async answer(platform: AnyChatPlatform, chat: ChatAddress, to: ChatTarget, text: string): Promise<void> {
    const quiz = this.state(platform, chat);
    if (quiz?.open) await this.send(platform, chat, to, await answerQuiz(this.deps(platform, chat, quiz), quiz, text));
  }

  /** A press on one of the quiz's buttons. */
  async click(platform: AnyChatPlatform, click: ChatClick, action: QuizAction, say: ChatPhrases): Promise<void> {
    const chat = click.address;
    const quiz = this.state(platform, chat);
    // A button of a quiz that is over, of a question other than the one out now (answered, or of an earlier
    // quiz), or under a lesson no longer kept: said so, and nothing graded or skipped.
    const offered = this.offered(platform, chat);
    const refusal = this.staleness(quiz, offered, action);
    if (refusal) return void (await platform.refuseClick(click.at, say[refusal]).catch(() => {}));
    await platform.acknowledgeClick(click.at).catch(() => {});
    let step: Step;
    if (action.kind === "start") step = await startLessonQuiz(this.deps(platform, chat), offered.find((o) => o.tag === action.lesson)!.key);
    else if (action.kind === "course") step = await this.startCourseLesson(platform, chat, action.courseId, action.lesson, say);
    else if (action.kind === "next") step = await currentQuestion(this.deps(platform, chat, quiz), quiz!);
    else step = await answerQuiz(this.deps(platform, chat, quiz), quiz!, action.letter);
    await this.send(platform, chat, platform.clickTarget(click.at), step);
  }

  /**
   * Why a press cannot be acted on (its phrase); undefined when it can. offerGone: a "Quiz me" under a
   * lesson no longer among those kept, or an old one that names no lesson.
   */
  private staleness(quiz: QuizState | undefined, offered: Offered, action: QuizAction): "offerGone" | "quizOver" | "questionClosed" | undefined {
    switch (action.kind) {
      case "start":
        return offered.some((o) => o.tag === action.lesson) ? undefined : "offerGone";
      case "course":
        return undefined;
      case "next":
        return !quizGoesOn(quiz) ? "quizOver" : isCurrentQuestion(quiz, action.at) ? undefined : "questionClosed";
      case "choose":
        return quiz?.open && isCurrentQuestion(quiz, action.at) ? undefined : "questionClosed";
    }
  }

  private offered(platform: AnyChatPlatform, chat: ChatAddress): Offered {
    return JSON.parse(this.get(platform, chat, OFFERED) ?? "[]") as Offered;
  }

  private async startLastLesson(platform: AnyChatPlatform, chat: ChatAddress, missing: string): Promise<Step> {
    const last = this.get(platform, chat, LAST_LESSON);
    if (!last) return { messages: [{ text: missing }] };
    // A course's lesson is kept with its learner (JSON); the chat's own lessons as their key.
    const { key, learner } = last.startsWith("{") ? (JSON.parse(last) as { key: string; learner: QuizLearner }) : { key: last, learner: undefined };
    return startLessonQuiz(this.deps(platform, chat, learner ? { learner } : undefined), key);
  }

  /** A course's lesson, when the course delivers to this chat; the course is its learner. */
  private async startCourseLesson(platform: AnyChatPlatform, chat: ChatAddress, courseId: string, lesson: number, say: ChatPhrases): Promise<Step> {
    const found = await shardHolding(this.env, courseId, courseSettings(this.env).COURSE_SHARDS).quizLesson(courseId, lesson);
    if (!found || !deliversTo(found.deliver, platform.courseDelivery(chat))) return { messages: [{ text: say.lessonNotHere }] };
    const learner: QuizLearner = { id: courseId, tenant: found.tenant };
    this.set(platform, chat, LAST_LESSON, JSON.stringify({ key: found.key, learner }));
    const courses = [...this.courses(platform, chat).filter((c) => c.id !== courseId), learner].slice(-COURSES_KEPT);
    this.set(platform, chat, COURSES, JSON.stringify(courses));
    return startLessonQuiz(this.deps(platform, chat, { learner }), found.key);
  }

  private state(platform: AnyChatPlatform, chat: ChatAddress): QuizState | undefined {
    const saved = this.get(platform, chat, QUIZ);
    return saved ? (JSON.parse(saved) as QuizState) : undefined;
  }

  /** The conversation's `key`, kept under its learner; else the chat's, kept for all its conversations before (the bare key). */
  private get(platform: AnyChatPlatform, chat: ChatAddress, key: string): string | undefined {
    return this.store.getMeta(`${key}:${platform.learnerId(chat)}`) ?? this.store.getMeta(key);
  }

  /** The chat's bare key goes with the first write: it went on in the first conversation to use it, and in no other. */
  private set(platform: AnyChatPlatform, chat: ChatAddress, key: string, value: string): void {
    this.store.setMeta(`${key}:${platform.learnerId(chat)}`, value);
    this.store.deleteMeta(key);
  }

  private courses(platform: AnyChatPlatform, chat: ChatAddress): QuizLearner[] {
    return JSON.parse(this.get(platform, chat, COURSES) ?? "[]") as QuizLearner[];
  }

  /** The courses quizzed here that still exist and deliver here; the others are forgotten, so /review never shows a deleted course's exercises. */
  private async coursesHere(platform: AnyChatPlatform, chat: ChatAddress): Promise<QuizLearner[]> {
    const kept = this.courses(platform, chat);
    const shards = courseSettings(this.env).COURSE_SHARDS;
    const here = await Promise.all(
      kept.map(async (c) => {
        const course = await shardHolding(this.env, c.id, shards).get(c.id, c.tenant);
        return course !== null && deliversTo(course.deliver, platform.courseDelivery(chat));
      }),
    );
    const courses = kept.filter((_, i) => here[i]);
    if (courses.length < kept.length) this.set(platform, chat, COURSES, JSON.stringify(courses));
    return courses;
  }

  /** The quiz's learner (`of.learner`), or the chat's; the chat's comes with the courses quizzed here. */
  private deps(platform: AnyChatPlatform, chat: ChatAddress, of?: { learner?: QuizLearner }): QuizDeps {
    const own = platform.learnerId(chat);
    const learner = of?.learner ?? { id: own, tenant: platform.tenant };
    return {
      env: this.env,
      learnerId: learner.id,
      tenant: learner.tenant,
      conversation: own,
      ...(learner.id === own ? { also: this.courses(platform, chat) } : {}),
    };
  }

  /** Keeps the quiz's new place, then sends its messages, each about the item they ask or answer (OutgoingMessage.about). */
  private async send(platform: AnyChatPlatform, chat: ChatAddress, to: ChatTarget, step: Step): Promise<void> {
    if (step.state) this.set(platform, chat, QUIZ, JSON.stringify(step.state));
    const about = step.state && aboutItem(step.state, platform.tenant);
    for (const message of step.messages) await platform.send(to, about ? { ...message, about } : message);
  }
}

/**
 * The item a step's messages are about: the question out (open), else the one just answered or passed over; its
 * lesson is the quiz learner's owner's (the chat's platform for a quiz saved before quizzes named their learner).
 */
function aboutItem(state: QuizState, tenant: Tenant): OutgoingMessage["about"] {
  const item = state.items[state.open ? state.index : state.index - 1];
  if (!item) return undefined;
  return { lesson: { key: item.lessonKey, owner: (item.learner ?? state.learner)?.tenant ?? tenant }, ...(item.language ? { language: item.language } : {}) };
}
