// The approval buttons of a conversation (approval-buttons.ts says what they show and carry): a run
// that pauses for approval gets one message with buttons per approval, and its job waits ("awaiting");
// a click settles its approval through decideApproval, the session-side function the HTTP route uses,
// and the job is followed again once the run's last approval is settled. The job is also looked at
// again just after the last expiry, when the session has refused what was left.
import type { Env } from "../env";
import type { RunOutcome } from "../delivery/run-outcome";
import type { ChatSender } from "../delivery/chat-sender";
import { decideApproval } from "../session/interactions/decide-approval";
import { approvalPrompt, clickConfirmation, CLICK_REFUSALS, decisionNote, type ApprovalChoice, type ClickRefusal } from "../platforms/approval-buttons";
import type { ChatPhrases } from "../platforms/chat-phrases";
import type { ChatApprovalStore, ShownApproval } from "./chat-approval-store";
import { WATCHDOG_MS } from "../lib/watchdog-alarm";
import type { ChatJob, ChatStore } from "./chat-store";
import type { AnyChatPlatform, ChatClick, ChatShapes } from "../platforms/registry";

/** How long after an approval's expiry a paused job is looked at again (the session settles it at expiry). */
const EXPIRY_GRACE_MS = 5_000;

/** What the conversation does for its jobs: take a paused one up again, and set its alarm. */
export interface JobControl {
  follow(seq: number): void;
  arm(): Promise<void>;
}

export class ChatApprovals {
  constructor(
    private readonly env: Env,
    private readonly jobs: ChatStore,
    private readonly shown: ChatApprovalStore,
    private readonly control: JobControl,
  ) {}

  /**
   * The job's run waits for a person. Its new approvals are recorded and the job parked before the
   * buttons go out, so even a quick click finds them; approvals shown before (a second look after a
   * restart, or before the session got round to expiring them) are not shown again. Lessons saved
   * before the pause are sent now, since the answer after it counts only later events.
   */
  async pause(platform: AnyChatPlatform, job: ChatJob, outcome: RunOutcome, sender: ChatSender<ChatShapes>, say: ChatPhrases): Promise<void> {
    const fresh: ShownApproval[] = outcome.approvals
      .filter((a) => !this.shown.get(a.approvalId))
      .map((a) => ({
        approvalId: a.approvalId,
        seq: job.seq,
        sessionId: job.sessionId!,
        runId: job.runId!,
        name: a.name,
        prompt: approvalPrompt(a, say),
        expiresAt: Date.parse(a.expiresAt),
      }));
    for (const a of fresh) this.shown.add(a);
    // Just after the last expiry (the session settles what is left as denied then), or at the watchdog's pace if none is known.
    const latest = this.shown.latestExpiry(job.seq);
    const lookAgainAt = latest === undefined ? Date.now() + WATCHDOG_MS : Math.max(latest, Date.now()) + EXPIRY_GRACE_MS;
    this.jobs.pause(job.seq, outcome.lastSeq, lookAgainAt);
    await this.control.arm();
    const to = platform.replyTarget(job.message);
    await sender.sendLessons(to, outcome.lessonKeys);
    for (const a of fresh) await platform.approvalButtons(to, a.prompt, a.approvalId, say);
  }

  /**
   * Settles a clicked approval, follows the run when that was its last pending approval, and shows the
   * decision in place of the buttons. A click on an approval this chat did not show, an expired one, or
   * one settled before is refused with a short note to the person.
   */
  async settle(platform: AnyChatPlatform, click: ChatClick, button: { choice: ApprovalChoice; approvalId: string }, say: ChatPhrases): Promise<void> {
    const shown = this.shown.get(button.approvalId);
    if (!shown) return this.refuse(platform, click, "foreign", say);
    // The session expires it at this moment too; a click that comes later must not revive it.
    if (shown.expiresAt <= Date.now()) return this.refuse(platform, click, "expired", say);
    const decision = button.choice === "deny" ? "deny" : "allow";
    const outcome = await decideApproval(this.env, shown.sessionId, shown.approvalId, decision, click.by, { remember: button.choice === "always" }).catch(
      (e: unknown) => {
        console.error("deciding an approval failed", e);
        return { ok: false as const, code: "failed" as const };
      },
    );
    if (!outcome.ok) return this.refuse(platform, click, outcome.code, say);
    if (outcome.pendingApprovals === 0) {
      this.control.follow(shown.seq);
      await this.control.arm();
    }
    const note = decisionNote(button.choice, click.who, shown.name, say);
    await platform
      .approvalDecided(click.at, shown.prompt, note, clickConfirmation(button.choice, say))
      .catch((e: unknown) => console.error("showing an approval decision failed", e));
  }

  private async refuse(platform: AnyChatPlatform, click: ChatClick, why: ClickRefusal, say: ChatPhrases): Promise<void> {
    await platform.refuseClick(click.at, say[CLICK_REFUSALS[why]]).catch((e: unknown) => console.error("answering an approval click failed", e));
  }
}
