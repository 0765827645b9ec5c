// ChatObject: one Durable Object per conversation (a Telegram chat, a Slack channel). The webhook
// hands it each delivery and answers the platform at once; the object then does the work:
// - a delivery id it has seen is ignored, so platform retries are processed once (SQLite, durable);
// - messages start their runs in arrival order (one queue), then wait for them side by side, so
//   /stop is not stuck behind the run it should stop;
// - the run itself lives in the Session Durable Object; this object only starts it, shows "typing",
//   and sends the answer and any saved lesson;
// - a watchdog alarm picks up deliveries a restart interrupted, re-attaching to runs already started.
import { DurableObject } from "cloudflare:workers";
import { loadConfig } from "../config";
import { createCourse } from "../courses/create-course";
import type { Env } from "../env";
import type { RunView } from "../session/session-object";
import { sessionStub, startRun } from "../session/start-run";
import { chatObjectName, targetOf, type ChatMessage, type ChatTarget } from "./chat-message";
import { ChatSender } from "./chat-sender";
import { ChatStore, type ChatJob } from "./chat-store";
import { runOutcome, type RunOutcome } from "./run-outcome";
import { lessonRequest, parseTelegramCommand, TELEGRAM_HELP } from "./telegram/telegram-commands";

/** How often the watchdog looks for interrupted work while some is open. */
const WATCHDOG_MS = 30_000;
/** Telegram shows "typing…" for about 5 s; refresh it a little sooner. */
const TYPING_EVERY_MS = 4_000;
const CURRENT_SESSION = "current_session";

export function chatObject(env: Env, message: ChatMessage) {
  return env.CHATS.get(env.CHATS.idFromName(chatObjectName(message)));
}

export class ChatObject extends DurableObject<Env> {
  private readonly store: ChatStore;
  /** Jobs this instance is working on; anything else unfinished was interrupted. */
  private readonly inFlight = new Set<number>();
  /** Starts jobs one after another, in the order they arrived. */
  private queue: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new ChatStore(ctx.storage.sql);
  }

  /** Takes a delivery; false when this delivery id was already taken (the platform retried). */
  async accept(deliveryId: string, message: ChatMessage): Promise<boolean> {
    const seq = this.store.insert(deliveryId, message);
    if (seq === undefined) return false;
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    this.enqueue(seq);
    return true;
  }

  /** The watchdog: resumes interrupted jobs and re-arms while any are open. */
  async alarm(): Promise<void> {
    const open = this.store.unfinished();
    if (open.length === 0) return;
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    for (const job of open) {
      if (this.inFlight.has(job.seq)) continue;
      if (job.runId) {
        this.inFlight.add(job.seq);
        void this.answer(job.seq);
      } else this.enqueue(job.seq);
    }
  }

  private enqueue(seq: number): void {
    this.inFlight.add(seq);
    this.queue = this.queue.then(() => this.begin(seq).catch((e) => this.fail(seq, e)));
  }

  private async begin(seq: number): Promise<void> {
    const job = this.store.job(seq)!;
    const m = job.message;
    if (m.platform === "slack") return this.ask(job, m.text);
    const to = targetOf(m);
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
      case "course":
        return this.reply(seq, to, await this.startCourse(m.chatId, command.topic));
      case "lesson":
        return this.ask(job, lessonRequest(command.topic));
      case "ask":
        return this.ask(job, command.text);
    }
  }

  /** Starts the agent's run; the answer is awaited outside the queue so the next message can start. */
  private async ask(job: ChatJob, input: string): Promise<void> {
    const sessionId = this.sessionFor(job);
    const config = loadConfig(this.env);
    const handle = await startRun(this.env, sessionId, input, { stream: false, paradigm: "react", maxSteps: config.MAX_STEPS, channel: job.message.platform });
    this.store.markRunning(job.seq, sessionId, handle.runId);
    void this.answer(job.seq);
  }

  /** Waits for the job's run, keeping "typing" up, then sends the answer and the lessons it saved. */
  private async answer(seq: number): Promise<void> {
    const job = this.store.job(seq)!;
    const to = targetOf(job.message);
    const sender = this.sender();
    const typing = setInterval(() => void sender.typing(to).catch(() => {}), TYPING_EVERY_MS);
    try {
      await sender.typing(to).catch(() => {});
      const outcome = await runOutcome(this.env, job.sessionId!, job.runId!);
      clearInterval(typing);
      const text = outcome ? answerText(outcome, job.sessionId!) : "I lost track of that request; please ask again.";
      if (text !== undefined) await sender.answer(to, text, outcome?.lessonKeys ?? []);
      this.finish(seq);
    } catch (e) {
      await this.fail(seq, e);
    } finally {
      clearInterval(typing);
    }
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
    if (job) await this.sender().text(targetOf(job.message), "Sorry, something went wrong on my side. Please try again.").catch(() => {});
  }

  /** Cancels this conversation's runs still going; returns how many. */
  private async stopRuns(): Promise<number> {
    let stopped = 0;
    for (const job of this.store.unfinished()) {
      if (!job.runId || !job.sessionId) continue;
      // An active run answers "running" here and stops at its next safe point. (The cast: RPC typing
      // turns RunView's `pending: unknown` into never.)
      const run = (await sessionStub(this.env, job.sessionId).cancelRun(job.runId)) as RunView | null;
      if (run && ["running", "awaiting_approval", "cancelled"].includes(run.status)) stopped++;
    }
    return stopped;
  }

  private async startCourse(chatId: number, topic: string): Promise<string> {
    const course = await createCourse(this.env, { topic, deliver: { telegramChatId: chatId } });
    return [
      `Your course "${topic}" is set up (id ${course.id}).`,
      `I am planning its syllabus now; a new lesson will arrive here every day (schedule "${course.cron}", UTC).`,
    ].join("\n");
  }

  /** Telegram: the chat's current session (see /new). Slack: one session per thread, or per DM. */
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

/** The reply for a finished run; undefined when there is nothing to say (a /stop already answered). */
function answerText(o: RunOutcome, sessionId: string): string | undefined {
  const { run } = o;
  switch (run.status) {
    case "cancelled":
      return undefined;
    case "failed":
      return `Sorry, that did not work: ${run.error?.message ?? "the run failed"}`;
    case "awaiting_approval":
      return o.approval
        ? `I need an approval before I run ${o.approval.name}: POST /v1/sessions/${sessionId}/approvals/${o.approval.approvalId} with {"decision": "allow"} or "deny".`
        : "I am waiting for an approval.";
    case "max_steps":
      return `${run.output}\n\n(I stopped at my step limit before finishing.)`.trim();
    default:
      return run.output.trim() || "(I finished without anything to say.)";
  }
}
