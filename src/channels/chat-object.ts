// ChatObject: one Durable Object per conversation (a Telegram chat, a Slack channel), driving the
// conversation's ChatPlatform (chat-platform.ts) with no platform branches of its own. The webhook
// hands it each delivery and answers the platform at once; the object then does the work:
// - a delivery id it has seen is ignored, so platform retries are processed once (SQLite, durable);
// - the pieces of an album (a Telegram album's photos) are held until it is complete, when an alarm starts
//   the album as one message (chat-albums.ts);
// - messages start their runs in arrival order (one queue), then wait for them side by side, so
//   /stop is not stuck behind the run it should stop;
// - the run itself lives in the Session Durable Object; this object only starts it, shows "typing",
//   and sends the answer and any saved lesson, with "Quiz me" under it (chat-quizzes.ts);
// - a run that pauses for approval gets buttons (chat-approvals.ts), one that pauses for an MCP
//   server's question gets the question, a field at a time (chat-inputs.ts); its job waits ("awaiting")
//   until the last approval or question is settled, then follows the resumed run from the pause and
//   sends its answer like any other;
// - a watchdog alarm picks up deliveries a restart interrupted, re-attaching to runs already started,
//   and looks again at paused jobs once their approvals or questions expired (the session settles them then).
import { DurableObject } from "cloudflare:workers";
import { migrate } from "../lib/schema-migrations";
import { armWatchdog } from "../lib/watchdog-alarm";
import { COURSE_TOPIC_MAX_CHARS } from "../courses/course-input";
import { createCourse } from "../courses/create-course";
import { runOutcome } from "../delivery/run-outcome";
import { ChatSender } from "../delivery/chat-sender";
import type { Env } from "../env";
import { parseQuizButton } from "../learning/chat-quiz";
import { progressSummary } from "../learning/progress-summary";
import { learningSettings } from "../learning/settings";
import { runSettings } from "../session/runs/settings";
import { sessionStub, startRun } from "../session/runs/start-run";
import { CLICK_REFUSALS, parseButtonValue } from "../platforms/approval-buttons";
import { chatPhrases, type ChatPhrases } from "../platforms/chat-phrases";
import { reasonText, runNoticePhrases } from "../platforms/run-notice-phrases";
import { fill } from "../lib/phrase-book";
import { learnerPhrases } from "../lessons/learner-phrases";
import { ChatApprovalStore } from "./chat-approval-store";
import { albumMessage, albumOf, heldAlbums } from "./chat-albums";
import { imagesOf, storeChatImage } from "./chat-images";
import { ChatApprovals } from "./chat-approvals";
import { deliveryKey } from "./delivery-key";
import { ChatInputStore } from "./chat-input-store";
import { ChatInputs } from "./chat-inputs";
import { parseFormButton } from "./input-form";
import { unreadableReply } from "../platforms/unreadable-message";
import { ChatQuizzes } from "./chat-quizzes";
import { rejoinedNote, startReply } from "./chat-course-resume";
import { answerText, authorizationText, compactText } from "./chat-replies";
import { sendAnswerParts } from "./chat-answer-parts";
import { CHAT_MIGRATIONS } from "./chat-schema";
import { ChatStore, type ChatJob } from "./chat-store";
import { chatPlatform, type AnyChatPlatform, type ChatClick, type ChatMessage, type ChatShapes } from "../platforms/registry";
import { errorMessage } from "../lib/error-message";

/** Telegram shows "typing…" for about 5 s; refresh it a little sooner. */
const TYPING_EVERY_MS = 4_000;
/**
 * The conversation's current session when /new replaced the platform's first one, kept per conversation
 * (`current_session:<first session id>`: a Slack channel's threads, a Telegram forum's topics, are
 * conversations of one object). The bare key is where Telegram's /new kept it before, when an object was
 * one conversation: the chat's own, which a topic never had.
 */
const CURRENT_SESSION = "current_session";
const currentSessionKey = (conversation: string) => `${CURRENT_SESSION}:${conversation}`;

/** The Durable Object of the conversation `name` (each platform names its own: telegramObjectName, slackObjectName). */
export function chatObject(env: Env, name: string) {
  return env.CHATS.getByName(name);
}

export class ChatObject extends DurableObject<Env> {
  private readonly store: ChatStore;
  /** The approvals this chat showed, and the clicks on any of its buttons already handled. */
  private readonly shown: ChatApprovalStore;
  private readonly approvals: ChatApprovals;
  private readonly inputs: ChatInputs;
  private readonly quizzes: ChatQuizzes;
  /** Jobs this instance is working on; anything else unfinished was interrupted. */
  private readonly inFlight = new Set<number>();
  /** Starts jobs one after another, in the order they arrived. */
  private queue: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    migrate(ctx.storage, CHAT_MIGRATIONS);
    this.store = new ChatStore(ctx.storage.sql);
    this.shown = new ChatApprovalStore(ctx.storage.sql);
    const control = { follow: (seq: number) => this.follow(seq), arm: () => this.arm() };
    this.approvals = new ChatApprovals(env, this.store, this.shown, control);
    this.inputs = new ChatInputs(env, this.store, new ChatInputStore(ctx.storage.sql), control);
    this.quizzes = new ChatQuizzes(env, this.store);
  }

  /** Takes a delivery; false when this delivery id was already taken (the platform retried). A piece of an album waits for the rest. */
  async accept(deliveryId: string, message: ChatMessage): Promise<boolean> {
    const held = albumOf(message) !== undefined;
    const seq = this.store.insert(deliveryId, message, Date.now(), held ? "held" : "queued");
    if (seq === undefined) return false;
    if (!held) this.enqueue(seq);
    await this.arm();
    return true;
  }

  /** Takes a click on one of the bot's buttons; false when this delivery was handled before (the platform retried). */
  async click(deliveryId: string, click: ChatClick): Promise<boolean> {
    if (!this.shown.firstClick(deliveryId)) return false;
    const platform = this.platform(click.address);
    const say = await this.phrasesOf(platform, click);
    const approval = parseButtonValue(click.value);
    if (approval) {
      void this.approvals.settle(platform, click, approval, say);
      return true;
    }
    // Quiz and form clicks go in line with the chat's messages, so a reply and a click never work on them at once.
    const quiz = parseQuizButton(click.value);
    if (quiz) this.inLine(() => this.quizzes.click(platform, click, quiz, say), "a quiz click");
    const form = parseFormButton(click.value);
    if (form) this.inLine(() => this.inputs.click(platform, click, form, say), "an input click");
    // A button the bot does not make (an older version's, a forged one): said so, not left loading.
    if (!quiz && !form) void platform.refuseClick(click.at, say[CLICK_REFUSALS.unknown]).catch((e: unknown) => console.error("answering a click failed", e));
    return true;
  }

  /**
   * The watchdog: starts the albums that are complete, follows paused jobs whose approvals expired (or were
   * decided elsewhere, e.g. over HTTP), resumes interrupted jobs, and re-arms while any work remains.
   */
  async alarm(): Promise<void> {
    for (const album of heldAlbums(this.store.held())) {
      if (album.completeAt > Date.now()) continue;
      const [seq, ...others] = album.pieces.map((p) => p.seq);
      this.store.gather(seq!, albumMessage(album.pieces.map((p) => p.message)), others);
      this.enqueue(seq!);
    }
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

  /** Sets the alarm: the watchdog while jobs are open, else when the next paused job is due a look or the next album is complete. */
  private async arm(): Promise<void> {
    const albums = heldAlbums(this.store.held()).map((album) => album.completeAt);
    await armWatchdog(this.ctx.storage, this.store.unfinished().length > 0, this.store.nextWake(), ...albums);
  }

  private inLine(work: () => Promise<void>, what: string): void {
    this.queue = this.queue.then(() => work().catch((e) => console.error(`${what} failed`, e)));
  }

  private enqueue(seq: number): void {
    this.inFlight.add(seq);
    this.queue = this.queue.then(() => this.begin(seq).catch((e) => this.fail(seq, e)));
  }

  private async begin(seq: number): Promise<void> {
    const job = this.store.job(seq)!;
    // Dropped while in line behind a /stop or /new (dropUnstarted).
    if (job.state !== "queued") return;
    const m = job.message;
    const platform = this.platform(m);
    // The app added back to the conversation (no person's message): said only when a course took it back.
    if ("appJoined" in m) {
      const note = await rejoinedNote(this.env, platform.courseDelivery(m));
      return note ? this.reply(seq, platform, note) : this.finish(seq);
    }
    const to = platform.replyTarget(m);
    const language = await platform.language(m);
    const say = await chatPhrases(this.env.ASSETS, language);
    // Said to the person instead of acting on part of the message (its caption) or staying silent.
    if (m.unreadable) return this.reply(seq, platform, unreadableReply(m.unreadable, say));
    const photo = Boolean(m.unseenImage) || imagesOf(m).length > 0;
    // A photo without words asks about itself.
    const command = platform.parseCommand(m.text.trim() || !photo ? m.text : say.photoOnly, say);
    // A photo goes to the agent with a question or a lesson's topic; a command would drop it, so none is run.
    if (photo && command.kind !== "ask" && command.kind !== "lesson") return this.reply(seq, platform, say.photoWithCommand);
    switch (command.kind) {
      case "reply":
        return this.reply(seq, platform, command.text);
      case "start":
        return this.reply(seq, platform, await startReply(this.env, platform.courseDelivery(m), command.help, say, m));
      case "new":
        this.store.setMeta(currentSessionKey(platform.sessionId(m)), `${platform.sessionId(m)}-${Date.now().toString(36)}`);
        this.dropUnstarted(platform.sessionId(m), seq);
        return this.reply(seq, platform, say.freshStart);
      case "stop": {
        const dropped = this.dropUnstarted(platform.sessionId(m), seq);
        return this.reply(seq, platform, (await this.stopRuns(platform, m, say)) + dropped > 0 ? say.stopped : say.nothingRunning);
      }
      case "compact": {
        const outcome = await sessionStub(this.env, this.sessionFor(job)).compact();
        return this.reply(seq, platform, compactText(outcome, say, outcome.ok ? {} : await runNoticePhrases(this.env.ASSETS, language)));
      }
      case "course": {
        // A topic typed over several lines is one line to the course (which refuses line breaks): joined by spaces.
        const topic = command.topic
          .split(/[\r\n]/)
          .map((line) => line.trim())
          .filter(Boolean)
          .join(" ");
        const length = topic.length;
        if (length > COURSE_TOPIC_MAX_CHARS) return this.reply(seq, platform, fill(say.courseTopicTooLong, { length, max: COURSE_TOPIC_MAX_CHARS }));
        // In the person's language, which the reply promising the lessons is in (not the topic's: "/course Python").
        const spec = { topic, deliver: [platform.courseDelivery(m)], ...(language ? { language } : {}) };
        const course = await createCourse(this.env, spec, platform.tenant, await deliveryKey(platform.sessionId(m), job.deliveryId, spec));
        // Any other refusal of the input is said as the service words it (a replay: the job taken up again after a restart).
        if (!course.ok) return this.reply(seq, platform, course.message);
        return this.reply(seq, platform, fill(say.courseSetUp, { topic, id: course.id, cron: course.cron }));
      }
      case "lesson":
        return this.ask(job, platform, fill(say.lessonRequest, { topic: command.topic }), say);
      case "quiz":
        await this.quizzes.continue(platform, m, to, say);
        return this.finish(seq);
      case "review":
        await this.quizzes.review(platform, m, to, language);
        return this.finish(seq);
      case "progress": {
        // The chat's learner (its platform tenant's: the chats know their learners' owner) and the courses quizzed here.
        const progress = await this.quizzes.progress(platform, m, learningSettings(this.env).WEAK_CONCEPTS_MAX);
        return this.reply(seq, platform, progressSummary(progress, await learnerPhrases(this.env.ASSETS, language)));
      }
      case "ask": {
        // While an MCP server's form or a quiz question is out here, a plain message is its answer; a photo cannot be one.
        const at = this.inputs.position(to) ?? this.quizzes.position(platform, m);
        // An answer is applied once: taken up again after a restart, its job finds the form or quiz moved on if it was.
        if (job.answering !== undefined && job.answering !== at) return this.finish(seq);
        if (at === undefined) return this.ask(job, platform, command.text, say);
        if (photo) return this.reply(seq, platform, say.photoNotAnAnswer);
        this.store.markAnswering(seq, at);
        if (this.inputs.isAsking(to)) await this.inputs.reply(platform, to, command.text, m.by ?? m.platform, say);
        else await this.quizzes.answer(platform, m, to, command.text);
        return this.finish(seq);
      }
    }
  }

  /**
   * Starts the agent's run, with the photos the message carries (stored first; photos it cannot take are
   * answered plainly instead); the answer is awaited outside the queue so the next message can start.
   */
  private async ask(job: ChatJob, platform: AnyChatPlatform, input: string, say: ChatPhrases): Promise<void> {
    const sessionId = this.sessionFor(job);
    const image = await storeChatImage(this.env, platform, job.message, say);
    if ("refusal" in image) return this.reply(job.seq, platform, image.refusal);
    const runs = { idempotencyKey: await deliveryKey(sessionId, job.deliveryId, [input, image.images]) };
    const handle = await startRun(
      this.env,
      sessionId,
      input,
      {
        stream: false,
        paradigm: "react",
        maxSteps: runSettings(this.env).MAX_STEPS,
        channel: job.message.platform,
        tenant: platform.tenant,
        // The chat's session ids are derived from the chat (src/lib/derived-ids.ts): no API caller can make one first.
        derivedSession: true,
        ...(image.images.length ? { images: image.images } : {}),
      },
      runs,
    );
    // The chat's sessions are its platform tenant's and its key is the delivery's, so a refusal is a bug worth telling (by its code).
    if (!handle.ok) {
      const notices = await runNoticePhrases(this.env.ASSETS, await platform.language(job.message));
      return this.reply(job.seq, platform, fill(say.couldNotStart, { reason: reasonText(handle, say, notices) }));
    }
    this.store.markRunning(job.seq, sessionId, handle.runId);
    void this.answer(job.seq);
  }

  /**
   * Waits for the job's run, keeping "typing" up, then sends the answer and the lessons it saved (with
   * "Quiz me" under the last), or, when the run paused for approval, the buttons. After a pause only
   * the events since it count.
   */
  private async answer(seq: number): Promise<void> {
    const job = this.store.job(seq)!;
    const platform = this.platform(job.message);
    const to = platform.replyTarget(job.message);
    const typing = setInterval(() => void platform.typing(to).catch(() => {}), TYPING_EVERY_MS);
    try {
      await platform.typing(to).catch(() => {});
      const outcome = await runOutcome(this.env, job.sessionId!, job.runId!, this.store.eventsAfter(seq));
      clearInterval(typing);
      const language = await platform.language(job.message);
      const say = await chatPhrases(this.env.ASSETS, language);
      for (const a of outcome?.authorizations ?? []) await platform.send(to, { text: authorizationText(a, say) });
      if (outcome?.run.status === "awaiting_approval" || outcome?.run.status === "awaiting_input") {
        this.inFlight.delete(seq);
        const waitsFor = outcome.run.status === "awaiting_approval" ? this.approvals : this.inputs;
        return await waitsFor.pause(platform, job, outcome, this.sender(platform), say);
      }
      const toTell = outcome?.run.status === "failed" || Boolean(outcome?.warnings.length);
      const notices = toTell ? await runNoticePhrases(this.env.ASSETS, language) : {};
      const text = outcome ? answerText(outcome, say, notices) : say.lostTrack;
      const next = text === undefined ? to : await sendAnswerParts(this.store, seq, this.sender(platform), to, text, outcome?.lessonKeys ?? [], language);
      const lesson = outcome?.lessonKeys.at(-1);
      if (lesson) await this.quizzes.offer(platform, job.message, next, lesson);
      this.finish(seq);
    } catch (e) {
      await this.fail(seq, e);
    } finally {
      clearInterval(typing);
    }
  }

  /** Takes a paused job up again (its run resumed or ended): waits for the run and sends what it says. */
  private follow(seq: number): void {
    if (this.inFlight.has(seq) || !this.store.unpause(seq)) return;
    this.inFlight.add(seq);
    void this.answer(seq);
  }

  private async reply(seq: number, platform: AnyChatPlatform, text: string): Promise<void> {
    await platform.send(platform.replyTarget(this.store.job(seq)!.message), { text });
    this.finish(seq);
  }

  private finish(seq: number, error?: string): void {
    this.store.finish(seq, error);
    this.inFlight.delete(seq);
  }

  /** Records the failure and tells the chat, if the chat can still be reached. */
  private async fail(seq: number, error: unknown): Promise<void> {
    console.error(`chat job ${seq} failed`, error);
    this.finish(seq, errorMessage(error));
    const job = this.store.job(seq);
    if (!job) return;
    const platform = this.platform(job.message);
    // Without its phrases (src/lib/phrase-book.ts: ASSETS failing) there is nothing to say in any language: the job's error is recorded and logged.
    const say = await this.phrasesOf(platform, job.message).catch((e: unknown) => void console.error(`chat job ${seq}: no phrases to tell the chat`, e));
    if (say) await platform.send(platform.replyTarget(job.message), { text: say.wentWrong }).catch(() => {});
  }

  /**
   * Cancels the runs of the conversation of `m` (a Telegram chat or topic, a Slack thread) still going or waiting
   * for approval or input, and forgets their questions; returns how many.
   */
  private async stopRuns(platform: AnyChatPlatform, m: ChatMessage, say: ChatPhrases): Promise<number> {
    const conversation = platform.sessionId(m);
    let stopped = 0;
    const jobs = [...this.store.unfinished(), ...this.store.awaiting()].filter((job) => this.platform(job.message).sessionId(job.message) === conversation);
    for (const job of jobs) {
      if (!job.runId || !job.sessionId) continue;
      // An active run answers "running" here and stops at its next safe point.
      const run = await sessionStub(this.env, job.sessionId).cancelRun(job.runId);
      if (run && ["running", "awaiting_approval", "awaiting_input", "cancelled"].includes(run.status)) stopped++;
      // A paused job is followed to its (cancelled, silent) end, so it does not wait for its expiry.
      if (job.state === "awaiting") this.follow(job.seq);
    }
    const seqs = jobs.map((job) => job.seq);
    await this.inputs.forget(platform, platform.replyTarget(m), seqs, say);
    await this.arm();
    return stopped;
  }

  /**
   * Drops what of `conversation` arrived before a message (`before`: its seq) that stopped it or started it afresh
   * and has not started, so nothing of it is asked afterwards: albums still waiting (their pieces are done; their
   * delivery ids still catch retries), and jobs put in line behind that message (an album whose wait ended while
   * the message waited its turn, work a restart interrupted that the watchdog took up again). Returns how many.
   */
  private dropUnstarted(conversation: string, before: number): number {
    const earlier = (j: ChatJob) => j.seq < before && this.platform(j.message).sessionId(j.message) === conversation;
    const albums = heldAlbums(this.store.held().filter(earlier));
    const inLine = this.store.unfinished().filter((j) => !j.runId && earlier(j));
    for (const seq of [...albums.flatMap((a) => a.pieces), ...inLine].map((j) => j.seq)) this.finish(seq);
    return albums.length + inLine.length;
  }

  /**
   * The conversation's current session (see /new), else the platform's for this message (Slack: one per
   * thread, and one for a DM's top level; Telegram: one per chat, and one per forum topic).
   */
  private sessionFor(job: ChatJob): string {
    const first = this.platform(job.message).sessionId(job.message);
    // The bare key is the whole chat's, `tg-<chat id>-<time>`: a topic's first session (`tg-<chat id>-t<topic id>`) never begins it.
    const before = this.store.getMeta(CURRENT_SESSION);
    return this.store.getMeta(currentSessionKey(first)) ?? (before?.startsWith(`${first}-`) ? before : undefined) ?? first;
  }

  /** The phrases of the person behind a message or click (ChatPlatform.language). */
  private async phrasesOf(platform: AnyChatPlatform, of: { by?: string; language?: string }): Promise<ChatPhrases> {
    return chatPhrases(this.env.ASSETS, await platform.language(of));
  }

  private platform(of: { platform: ChatMessage["platform"] }): AnyChatPlatform {
    return chatPlatform(of.platform, this.env);
  }

  private sender(platform: AnyChatPlatform): ChatSender<ChatShapes> {
    return new ChatSender(platform, this.env.LESSONS);
  }
}
