// ChatObject: one Durable Object per conversation (a Telegram chat, a Slack channel). The webhook
// hands it each delivery and answers the platform at once; the object then does the work:
// - a delivery id it has seen is ignored, so platform retries are processed once (SQLite, durable);
// - messages start their runs in arrival order (one queue), then wait for them side by side, so
//   /stop is not stuck behind the run it should stop;
// - the run itself lives in the Session Durable Object; this object only starts it, shows "typing",
//   and sends the answer and any saved lesson;
// - a run that pauses for approval gets buttons (one message per approval); its job waits ("awaiting")
//   until a click settles the last approval through decideApproval, then follows the resumed run from
//   the pause and sends its answer like any other (approval-buttons.ts);
// - a watchdog alarm picks up deliveries a restart interrupted, re-attaching to runs already started,
//   and looks again at paused jobs once their approvals expired (the session refuses them then).
import { DurableObject } from "cloudflare:workers";
import { loadConfig } from "../config";
import { createCourse } from "../courses/create-course";
import type { Env } from "../env";
import { decideApproval } from "../session/decide-approval";
import { sessionStub, startRun } from "../session/start-run";
import {
  approvalPrompt,
  CLICK_CONFIRMATIONS,
  CLICK_REFUSALS,
  decisionNote,
  type ApprovalClick,
  type ButtonMessage,
  type ClickRefusal,
} from "./approval-buttons";
import { ChatApprovalStore, type ShownApproval } from "./chat-approval-store";
import { CHAT_MIGRATIONS } from "./chat-schema";
import { migrate } from "../lib/schema-migrations";
import { armWatchdog, WATCHDOG_MS } from "../lib/watchdog-alarm";
import { chatObjectName, targetOf, type ChatAddress, type ChatMessage, type ChatTarget } from "./chat-message";
import { ChatSender } from "./chat-sender";
import { ChatStore, type ChatJob } from "./chat-store";
import { runOutcome, type RunOutcome } from "../delivery/run-outcome";
import { lessonRequest, parseTelegramCommand, TELEGRAM_HELP } from "./telegram/telegram-commands";
import { BOT_TENANTS } from "../lib/tenant";
import {
  answerQuiz,
  currentQuestion,
  QUIZ_OFFER,
  quizGoesOn,
  startLessonQuiz,
  startReview,
  type QuizAction,
  type QuizDeps,
  type QuizMessage,
  type QuizState,
} from "../learning/chat-quiz";
import { lessonExercises } from "../learning/exercise-store";

/** `/compact` as a whole message (Slack, where messages are not parsed as commands otherwise). */
const COMPACT_COMMAND = /^\s*\/compact\s*$/i;

/** Telegram shows "typing…" for about 5 s; refresh it a little sooner. */
const TYPING_EVERY_MS = 4_000;
/** How long after an approval's expiry a paused job is looked at again (the session settles it at expiry). */
const EXPIRY_GRACE_MS = 5_000;
const CURRENT_SESSION = "current_session";
/** The quiz's place (QuizState) and the last lesson sent here (what "Quiz me" and /quiz ask about). */
const QUIZ = "quiz";
const LAST_LESSON = "last_lesson";

export function chatObject(env: Env, address: ChatAddress) {
  return env.CHATS.getByName(chatObjectName(address));
}

export class ChatObject extends DurableObject<Env> {
  private readonly store: ChatStore;
  private readonly approvals: ChatApprovalStore;
  /** Jobs this instance is working on; anything else unfinished was interrupted. */
  private readonly inFlight = new Set<number>();
  /** Starts jobs one after another, in the order they arrived. */
  private queue: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, CHAT_MIGRATIONS);
    this.store = new ChatStore(ctx.storage.sql);
    this.approvals = new ChatApprovalStore(ctx.storage.sql);
  }

  /** Takes a delivery; false when this delivery id was already taken (the platform retried). */
  async accept(deliveryId: string, message: ChatMessage): Promise<boolean> {
    const seq = this.store.insert(deliveryId, message);
    if (seq === undefined) return false;
    this.enqueue(seq);
    await this.arm();
    return true;
  }

  /** Takes a click on an approval button; false when this delivery was handled before (the platform retried). */
  async click(deliveryId: string, click: ApprovalClick): Promise<boolean> {
    if (!this.approvals.firstClick(deliveryId)) return false;
    void this.settle(click);
    return true;
  }

  /** Takes a click on a quiz button; false when this delivery was handled before (the platform retried). */
  async quizClick(deliveryId: string, action: QuizAction, at: ButtonMessage): Promise<boolean> {
    if (!this.approvals.firstClick(deliveryId)) return false;
    // In line with the chat's messages, so an answer and a click never work on the quiz at once.
    this.queue = this.queue.then(() => this.quizAction(action, at).catch((e) => console.error("a quiz click failed", e)));
    return true;
  }

  /**
   * The watchdog: follows paused jobs whose approvals expired (or were decided elsewhere, e.g. over
   * HTTP), resumes interrupted jobs, and re-arms while any work remains.
   */
  async alarm(): Promise<void> {
    for (const job of this.store.awaiting(Date.now())) this.follow(job.seq);
    for (const job of this.store.unfinished()) {
      if (this.inFlight.has(job.seq)) continue;
      if (job.runId) {
        this.inFlight.add(job.seq);
        void this.answer(job.seq);
      } else this.enqueue(job.seq);
    }
    await this.arm();
  }

  /** Sets the alarm: the watchdog while jobs are open, else when the next paused job is due a look. */
  private async arm(): Promise<void> {
    await armWatchdog(this.ctx.storage, this.store.unfinished().length > 0, this.store.nextWake());
  }

  private enqueue(seq: number): void {
    this.inFlight.add(seq);
    this.queue = this.queue.then(() => this.begin(seq).catch((e) => this.fail(seq, e)));
  }

  private async begin(seq: number): Promise<void> {
    const job = this.store.job(seq)!;
    const m = job.message;
    const to = targetOf(m);
    // /compact works on both platforms; Slack's other messages all go to the agent.
    if (m.platform === "slack") return COMPACT_COMMAND.test(m.text) ? this.reply(seq, to, await this.compact(job)) : this.ask(job, m.text);
    const command = parseTelegramCommand(m.text);
    switch (command.kind) {
      case "start":
        return this.reply(seq, to, TELEGRAM_HELP);
      case "usage":
        return this.reply(seq, to, command.text);
      case "new":
        this.store.setMeta(CURRENT_SESSION, `${telegramSession(m.chatId)}-${Date.now().toString(36)}`);
        return this.reply(seq, to, "Fresh start: I have forgotten our previous conversation. What would you like to learn?");
      case "stop":
        return this.reply(seq, to, (await this.stopRuns()) > 0 ? "Stopped." : "Nothing is running.");
      case "compact":
        return this.reply(seq, to, await this.compact(job));
      case "course":
        return this.reply(seq, to, await this.startCourse(m.chatId, command.topic));
      case "lesson":
        return this.ask(job, lessonRequest(command.topic));
      case "quiz":
        return this.quizReply(seq, to, await this.continueQuiz(m.chatId));
      case "review":
        return this.quizReply(seq, to, await startReview(this.quizDeps(m.chatId)));
      case "ask": {
        // While a quiz question is out, a plain message is its answer.
        const quiz = this.quizState();
        if (quiz?.open) return this.quizReply(seq, to, await answerQuiz(this.quizDeps(m.chatId), quiz, command.text));
        return this.ask(job, command.text);
      }
    }
  }

  /** Starts the agent's run; the answer is awaited outside the queue so the next message can start. */
  private async ask(job: ChatJob, input: string): Promise<void> {
    const sessionId = this.sessionFor(job);
    const config = loadConfig(this.env);
    // A chat's sessions belong to its platform's tenant (src/lib/tenant.ts).
    const handle = await startRun(this.env, sessionId, input, {
      stream: false,
      paradigm: "react",
      maxSteps: config.MAX_STEPS,
      channel: job.message.platform,
      tenant: BOT_TENANTS[job.message.platform],
    });
    this.store.markRunning(job.seq, sessionId, handle.runId);
    void this.answer(job.seq);
  }

  /**
   * Waits for the job's run, keeping "typing" up, then sends the answer and the lessons it saved, or,
   * when the run paused for approval, the buttons. After a pause only the events since it count.
   */
  private async answer(seq: number): Promise<void> {
    const job = this.store.job(seq)!;
    const to = targetOf(job.message);
    const sender = this.sender();
    const typing = setInterval(() => void sender.typing(to).catch(() => {}), TYPING_EVERY_MS);
    try {
      await sender.typing(to).catch(() => {});
      const outcome = await runOutcome(this.env, job.sessionId!, job.runId!, this.store.eventsAfter(seq));
      clearInterval(typing);
      for (const a of outcome?.authorizations ?? []) await sender.text(to, authorizationText(a));
      if (outcome?.run.status === "awaiting_approval") return await this.pause(job, outcome);
      const text = outcome ? answerText(outcome) : "I lost track of that request; please ask again.";
      if (text !== undefined) await sender.answer(to, text, outcome?.lessonKeys ?? []);
      const lesson = outcome?.lessonKeys.at(-1);
      if (lesson && to.platform === "telegram") await this.offerQuiz(to, lesson);
      this.finish(seq);
    } catch (e) {
      await this.fail(seq, e);
    } finally {
      clearInterval(typing);
    }
  }

  /**
   * The job's run waits for a person. Its new approvals are recorded and the job parked before the
   * buttons go out, so even a quick click finds them; approvals shown before (a second look after a
   * restart, or before the session got round to expiring them) are not shown again. Lessons saved
   * before the pause are sent now, since the answer after it counts only later events.
   */
  private async pause(job: ChatJob, outcome: RunOutcome): Promise<void> {
    const shown: ShownApproval[] = outcome.approvals
      .filter((a) => !this.approvals.get(a.approvalId))
      .map((a) => ({
        approvalId: a.approvalId,
        seq: job.seq,
        sessionId: job.sessionId!,
        runId: job.runId!,
        name: a.name,
        prompt: approvalPrompt(a),
        expiresAt: Date.parse(a.expiresAt),
      }));
    for (const a of shown) this.approvals.add(a);
    // Just after the last expiry (the session settles what is left as denied then), or at the watchdog's pace if none is known.
    const latest = this.approvals.latestExpiry(job.seq);
    const lookAgainAt = latest === undefined ? Date.now() + WATCHDOG_MS : Math.max(latest, Date.now()) + EXPIRY_GRACE_MS;
    this.store.pause(job.seq, outcome.lastSeq, lookAgainAt);
    this.inFlight.delete(job.seq);
    await this.arm();
    const to = targetOf(job.message);
    const sender = this.sender();
    await sender.sendLessons(to, outcome.lessonKeys);
    for (const a of shown) await sender.approvalButtons(to, a.prompt, a.approvalId);
  }

  /** Takes a paused job up again (its run resumed or ended): waits for the run and sends what it says. */
  private follow(seq: number): void {
    if (this.inFlight.has(seq) || !this.store.unpause(seq)) return;
    this.inFlight.add(seq);
    void this.answer(seq);
  }

  /**
   * Settles a clicked approval through decideApproval, follows the run when that was its last pending
   * approval, and shows the decision in place of the buttons. A click on an approval this chat did not
   * show, an expired one, or one settled before is refused with a short note to the person.
   */
  private async settle(click: ApprovalClick): Promise<void> {
    const shown = this.approvals.get(click.approvalId);
    if (!shown) return this.refuse(click, "foreign");
    // The session expires it at this moment too; a click that comes later must not revive it.
    if (shown.expiresAt <= Date.now()) return this.refuse(click, "expired");
    const decision = click.choice === "deny" ? "deny" : "allow";
    const outcome = await decideApproval(this.env, shown.sessionId, shown.approvalId, decision, click.by, { remember: click.choice === "always" }).catch(
      (e: unknown) => {
        console.error("deciding an approval failed", e);
        return { ok: false as const, code: "failed" as const };
      },
    );
    if (!outcome.ok) return this.refuse(click, outcome.code);
    if (outcome.pendingApprovals === 0) {
      this.follow(shown.seq);
      await this.arm();
    }
    const note = decisionNote(click.choice, click.who, shown.name);
    await this.sender()
      .approvalDecided(click.at, shown.prompt, note, CLICK_CONFIRMATIONS[click.choice])
      .catch((e: unknown) => console.error("showing an approval decision failed", e));
  }

  private async refuse(click: ApprovalClick, why: ClickRefusal): Promise<void> {
    await this.sender()
      .refuseClick(click.at, CLICK_REFUSALS[why])
      .catch((e: unknown) => console.error("answering an approval click failed", e));
  }

  private async reply(seq: number, to: ChatTarget, text: string): Promise<void> {
    await this.sender().text(to, text);
    this.finish(seq);
  }

  private finish(seq: number, error?: string): void {
    this.store.finish(seq, error);
    this.inFlight.delete(seq);
  }

  /** Records the failure and tells the chat, if the chat can still be reached. */
  private async fail(seq: number, error: unknown): Promise<void> {
    console.error(`chat job ${seq} failed`, error);
    this.finish(seq, error instanceof Error ? error.message : String(error));
    const job = this.store.job(seq);
    if (job)
      await this.sender()
        .text(targetOf(job.message), "Sorry, something went wrong on my side. Please try again.")
        .catch(() => {});
  }

  /** Cancels this conversation's runs still going or waiting for approval; returns how many. */
  private async stopRuns(): Promise<number> {
    let stopped = 0;
    for (const job of [...this.store.unfinished(), ...this.store.awaiting()]) {
      if (!job.runId || !job.sessionId) continue;
      // An active run answers "running" here and stops at its next safe point.
      const run = await sessionStub(this.env, job.sessionId).cancelRun(job.runId);
      if (run && ["running", "awaiting_approval", "cancelled"].includes(run.status)) stopped++;
      // A paused job is followed to its (cancelled, silent) end, so it does not wait for its expiry.
      if (job.state === "awaiting") this.follow(job.seq);
    }
    await this.arm();
    return stopped;
  }

  private async startCourse(chatId: number, topic: string): Promise<string> {
    const course = await createCourse(this.env, { topic, deliver: { telegramChatId: chatId } }, BOT_TENANTS.telegram);
    return [
      `Your course "${topic}" is set up (id ${course.id}).`,
      `I am planning its syllabus now; a new lesson will arrive here every day (schedule "${course.cron}", UTC).`,
    ].join("\n");
  }

  // ---- the quiz (src/learning/chat-quiz.ts)

  private quizDeps(chatId: number): QuizDeps {
    // The chat is the learner, under its first session's id (stable across /new); its model grading runs there.
    return { env: this.env, config: loadConfig(this.env), learnerId: telegramSession(chatId), tenant: BOT_TENANTS.telegram };
  }

  /** "Quiz me" under a lesson that has exercises to check; the lesson becomes what /quiz asks about. */
  private async offerQuiz(to: ChatTarget, lessonKey: string): Promise<void> {
    const set = await lessonExercises(this.env.LESSONS, lessonKey, BOT_TENANTS.telegram);
    if (!set?.exercises.some((e) => e.key)) return;
    this.store.setMeta(LAST_LESSON, lessonKey);
    await this.sender().quiz(to, QUIZ_OFFER);
  }

  private quizState(): QuizState | undefined {
    const saved = this.store.getMeta(QUIZ);
    return saved ? (JSON.parse(saved) as QuizState) : undefined;
  }

  /** /quiz: the open quiz's next question, else a quiz over the last lesson sent here. */
  private async continueQuiz(chatId: number): Promise<{ state?: QuizState; messages: QuizMessage[] }> {
    const quiz = this.quizState();
    if (quizGoesOn(quiz)) return currentQuestion(this.quizDeps(chatId), quiz);
    const lesson = this.store.getMeta(LAST_LESSON);
    if (!lesson) return { messages: [{ text: "There is no lesson to quiz you on yet: ask me for one (/lesson <topic>)." }] };
    return startLessonQuiz(this.quizDeps(chatId), lesson);
  }

  private async quizAction(action: QuizAction, at: ButtonMessage): Promise<void> {
    if (at.platform !== "telegram") return;
    const sender = this.sender();
    await sender.acknowledgeClick(at).catch(() => {});
    const deps = this.quizDeps(at.chatId);
    const quiz = this.quizState();
    let step: { state?: QuizState; messages: QuizMessage[] };
    if (action.kind === "start") {
      const lesson = this.store.getMeta(LAST_LESSON);
      step = lesson ? await startLessonQuiz(deps, lesson) : { messages: [{ text: "I cannot find the lesson any more." }] };
    } else if (action.kind === "next") step = quizGoesOn(quiz) ? await currentQuestion(deps, quiz) : { messages: [] };
    else step = quiz?.open ? await answerQuiz(deps, quiz, action.letter) : { messages: [] };
    await this.sendQuiz({ platform: "telegram", chatId: at.chatId }, step);
  }

  private async quizReply(seq: number, to: ChatTarget, step: { state?: QuizState; messages: QuizMessage[] }): Promise<void> {
    await this.sendQuiz(to, step);
    this.finish(seq);
  }

  /** Keeps the quiz's new place, then sends its messages. */
  private async sendQuiz(to: ChatTarget, step: { state?: QuizState; messages: QuizMessage[] }): Promise<void> {
    if (step.state) this.store.setMeta(QUIZ, JSON.stringify(step.state));
    for (const message of step.messages) await this.sender().quiz(to, message);
  }

  /** Telegram: the chat's current session (see /new). Slack: one session per thread, or per DM. */
  /** Compacts the conversation's history now; the reply says what it did. */
  private async compact(job: ChatJob): Promise<string> {
    const outcome = await sessionStub(this.env, this.sessionFor(job)).compact();
    if (outcome === null) return "There is no conversation to compact yet.";
    if ("error" in outcome)
      return outcome.error === "run_active" ? "I am still working on your last request; try /compact when I have answered." : outcome.message;
    if (!outcome.compacted) return "Nothing to compact: our conversation is still short.";
    return `Compacted: ${outcome.replacedMessages} earlier messages are now a summary (about ${outcome.beforeTokens} → ${outcome.afterTokens} tokens).`;
  }

  private sessionFor(job: ChatJob): string {
    const m = job.message;
    if (m.platform === "slack") return `slack-${m.teamId}-${m.channel}${m.threadTs ? `-${m.threadTs}` : ""}`;
    return this.store.getMeta(CURRENT_SESSION) ?? telegramSession(m.chatId);
  }

  private sender(): ChatSender {
    return new ChatSender(loadConfig(this.env), this.env.LESSONS);
  }
}

/** A chat's first session; /new adds a suffix. */
const telegramSession = (chatId: number) => `tg-${chatId}`;

/** The link a user opens to connect an MCP server the run had to leave out (plain text: the platforms make it clickable). */
const authorizationText = (a: { server: string; authorizationUrl: string }) =>
  `To let me use ${a.server}, authorize it here (the link works once, for 10 minutes), then ask again:\n${a.authorizationUrl}`;

/** The reply for a finished run; undefined when there is nothing to say (a /stop already answered). */
function answerText(o: RunOutcome): string | undefined {
  const { run } = o;
  switch (run.status) {
    case "cancelled":
      return undefined;
    case "failed":
      return `Sorry, that did not work: ${run.error?.message ?? "the run failed"}`;
    case "max_steps":
      return `${run.output}\n\n(I stopped at my step limit before finishing.)`.trim();
    default:
      return run.output.trim() || "(I finished without anything to say.)";
  }
}
