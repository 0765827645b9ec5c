// An MCP server's question (elicitation) asked in a conversation: a run that pauses awaiting input has
// its job wait ("awaiting") while the conversation walks the form one field at a time (input-form.ts: buttons
// for booleans and choices, replies for text and numbers, Skip, Send, Decline, Cancel), then answers it
// through answerInput, the session-side function POST /v1/sessions/:id/inputs/:inputId uses. The job
// is followed again once the run's last question is answered; just after the last expiry it is looked
// at again too (the session cancels an unanswered question then, and the run goes on).
import type { ChatSender } from "../delivery/chat-sender";
import type { RunOutcome } from "../delivery/run-outcome";
import type { Env } from "../env";
import { answerInput, type InputAction } from "../session/interactions/answer-input";
import type { JobControl } from "./chat-approvals";
import type { AskedInput, ChatInputStore } from "./chat-input-store";
import type { ChatJob, ChatStore } from "./chat-store";
import { canSend, fieldQuestion, formFields, optionValue, refusedFields, replyValue, type FieldValue, type FormAction } from "./input-form";
import type { AnyChatPlatform, ChatClick, ChatShapes, ChatTarget } from "../platforms/registry";
import { fill } from "../lib/phrase-book";
import type { ChatPhrases } from "../platforms/chat-phrases";

/** How long after a question's expiry its paused job is looked at again (the session settles it at expiry). */
const EXPIRY_GRACE_MS = 5_000;

/** What a settled form says (its phrase). */
const SETTLED = { accept: "formSent", decline: "formDeclined", cancel: "formCancelled" } as const satisfies Record<InputAction, keyof ChatPhrases>;

/** Why a form closed unanswered, by the refusal's code (never its message: the session's English); another code: formClosed with errorCode. */
const CLOSED: Readonly<Record<string, keyof ChatPhrases>> = { not_found: "formNotOpen", already_answered: "formAlreadyAnswered", input_lost: "formLost" };

export class ChatInputs {
  constructor(
    private readonly env: Env,
    private readonly jobs: ChatStore,
    private readonly asked: ChatInputStore,
    private readonly control: JobControl,
  ) {}

  /** Whether a form is being asked at `to`: the next plain message there answers its field. */
  isAsking(to: ChatTarget): boolean {
    return this.asked.current(to) !== undefined;
  }

  /** The field a reply at `to` would answer now (its form and place); undefined when none is asked there. */
  position(to: ChatTarget): string | undefined {
    const a = this.asked.current(to);
    return a && `form:${a.inputId}:${a.progress.field}`;
  }

  /**
   * The job's run waits for answers. Its questions are recorded and the job parked before anything is
   * sent, so a quick answer finds them; the first is asked now unless another form is under way there.
   * Each method's `say` is the language of the person it answers (chat-phrases.ts).
   */
  async pause(platform: AnyChatPlatform, job: ChatJob, outcome: RunOutcome, sender: ChatSender<ChatShapes>, say: ChatPhrases): Promise<void> {
    const to = platform.replyTarget(job.message);
    const busy = this.isAsking(to);
    for (const i of outcome.inputs) this.asked.add({ ...i, seq: job.seq, sessionId: job.sessionId!, progress: { field: 0, values: {} }, target: to });
    const latest = this.asked.latestExpiry(job.seq) ?? Date.now();
    this.jobs.pause(job.seq, outcome.lastSeq, Math.max(latest, Date.now()) + EXPIRY_GRACE_MS);
    await this.control.arm();
    await sender.sendLessons(to, outcome.lessonKeys);
    if (!busy) await this.askCurrent(platform, to, say);
  }

  /** A reply at `to` while a form is asked there: the value of its field, or why it does not fit and the field again. */
  async reply(platform: AnyChatPlatform, to: ChatTarget, text: string, by: string, say: ChatPhrases): Promise<void> {
    const a = this.asked.current(to);
    if (!a) return;
    const field = formFields(a.requestedSchema)[a.progress.field]!;
    const read = replyValue(field, text, say);
    if ("error" in read)
      return void (await platform.send(a.target, {
        text: read.error,
        buttons: fieldQuestion(a.inputId, formFields(a.requestedSchema), a.progress, say).buttons,
      }));
    await this.advance(platform, a, read.value, by, say);
  }

  /** A press on a form's button; a button of a question no longer asked (or of a field already passed) is refused. */
  async click(platform: AnyChatPlatform, click: ChatClick, pressed: { inputId: string; action: FormAction }, say: ChatPhrases): Promise<void> {
    const a = this.asked.current(platform.clickTarget(click.at));
    const { action } = pressed;
    const stale = !a || a.inputId !== pressed.inputId || ((action.kind === "skip" || action.kind === "choose") && action.field !== a.progress.field);
    if (stale) return void (await platform.refuseClick(click.at, say.formNotOpen).catch(() => {}));
    await platform.acknowledgeClick(click.at).catch(() => {});
    const fields = formFields(a.requestedSchema);
    if (action.kind === "decline" || action.kind === "cancel") return this.settle(platform, a, action.kind, undefined, click.by, say);
    if (action.kind === "send") {
      if (canSend(fields, a.progress.values)) return this.settle(platform, a, "accept", a.progress.values, click.by, say);
      return this.askCurrent(platform, a.target, say);
    }
    await this.advance(platform, a, action.kind === "skip" ? undefined : optionValue(fields[a.progress.field]!, action.option), click.by, say);
  }

  /** Forgets the questions of jobs whose runs were stopped at `to`; a form waiting behind them there is asked next. */
  async forget(platform: AnyChatPlatform, to: ChatTarget, seqs: number[], say: ChatPhrases): Promise<void> {
    const asking = this.asked.current(to);
    for (const seq of seqs) this.asked.removeJob(seq);
    if (asking && seqs.includes(asking.seq)) await this.askCurrent(platform, to, say);
  }

  /** Takes the field's value (none: skipped), then asks the next field, or answers after the last. */
  private async advance(platform: AnyChatPlatform, a: AskedInput, value: FieldValue | undefined, by: string, say: ChatPhrases): Promise<void> {
    const fields = formFields(a.requestedSchema);
    const name = fields[a.progress.field]!.name;
    const { [name]: _, ...others } = a.progress.values;
    const progress = { field: a.progress.field + 1, values: value === undefined ? others : { ...others, [name]: value } };
    if (progress.field >= fields.length) return this.settle(platform, a, "accept", progress.values, by, say);
    this.asked.setProgress(a.inputId, progress);
    await platform.send(a.target, fieldQuestion(a.inputId, fields, progress, say));
  }

  /** Answers the question; the run goes on once it has no question left, and the next form (if any) is asked. */
  private async settle(
    platform: AnyChatPlatform,
    a: AskedInput,
    action: InputAction,
    content: Record<string, FieldValue> | undefined,
    by: string,
    say: ChatPhrases,
  ): Promise<void> {
    const outcome = await answerInput(this.env, a.sessionId, a.inputId, { action, ...(content ? { content } : {}) }, by);
    if (!outcome.ok && outcome.code === "invalid_content") {
      // The form stays open: from the start again, with the fields the server objected to and what each takes.
      const progress = { field: 0, values: {} };
      this.asked.setProgress(a.inputId, progress);
      const fields = formFields(a.requestedSchema);
      const again = fieldQuestion(a.inputId, fields, progress, say);
      const text = fill(say.formNotAccepted, { server: a.server, errors: refusedFields(fields, outcome.errors, say), question: again.text });
      return void (await platform.send(a.target, { ...again, text }));
    }
    this.asked.remove(a.inputId);
    let text = outcome.ok ? say[SETTLED[action]] : fill(say.formClosed, { reason: fill(say.errorCode, { code: outcome.code }) });
    if (!outcome.ok && Object.hasOwn(CLOSED, outcome.code)) text = fill(say[CLOSED[outcome.code]!], { server: a.server });
    await platform.send(a.target, { text });
    if (!outcome.ok || outcome.pendingInputs === 0) this.control.follow(a.seq);
    await this.askCurrent(platform, a.target, say);
  }

  /** Asks the current form at `to` from where it is, with the server's message before it. */
  private async askCurrent(platform: AnyChatPlatform, to: ChatTarget, say: ChatPhrases): Promise<void> {
    const a = this.asked.current(to);
    if (!a) return;
    const question = fieldQuestion(a.inputId, formFields(a.requestedSchema), a.progress, say);
    await platform.send(a.target, { ...question, text: fill(say.formAsks, { server: a.server, message: a.message, question: question.text }) });
  }
}
