// The one way every channel settles an approval: HTTP (POST /v1/sessions/:id/approvals/:approvalId,
// POST /v1/ui/chat), Telegram's inline keyboard, Slack's buttons. It goes to the session's Durable Object,
// which records the decision and resumes the run once all of its pending calls are decided.
import type { Env } from "../../env";
import type { Outcome } from "../../lib/outcome";
import type { Decided, DecideOptions, DecideOutcome, Decision } from "./approval-requests";
import { interactionSettings } from "./settings";
import { sessionStub } from "../runs/start-run";

export type { DecideOptions, DecideOutcome, Decision } from "./approval-requests";

/**
 * Settles approval `approvalId` of session `sessionId` as "allow" or "deny"; `by` names who decided,
 * for the audit trace ("api", "telegram:<user id>", "slack:<user id>"). Outcomes:
 * - `{ok: true, runId, pendingApprovals, seq, …}`: decided; when `pendingApprovals` is 0 the run has
 *   resumed, and its events follow at GET /v1/sessions/:id/runs/:runId/stream?after=<seq>;
 * - `{ok: false, code: "not_found"}`: no such session, or no such approval in it (an approval id of
 *   another session is not found here);
 * - `{ok: false, code: "already_decided"}`: decided before (by a person, by expiry, or withdrawn
 *   because the run was cancelled or a newer message superseded it); but a retry with the `idempotencyKey`
 *   that decided it gets that answer again (`replayed: true`), or `idempotency_key_reused` with another request.
 * A `reason` is checked by the channel first (reasonTooLong).
 */
export async function decideApproval<O extends DecideOptions>(
  env: Env,
  sessionId: string,
  approvalId: string,
  decision: Decision,
  by: string,
  opts: O = {} as O,
): Promise<"idempotencyKey" extends keyof O ? DecideOutcome : Unkeyed> {
  return sessionStub(env, sessionId).decideApproval(approvalId, decision, by, opts) as never;
}

/** A decision without an Idempotency-Key (the chats' clicks) is never refused for one. */
type Unkeyed = Outcome<Decided, "not_found" | "already_decided">;

/** The refusal of a decision's `reason` (at `field` of the request) longer than APPROVAL_REASON_MAX_CHARS, or undefined when it fits. */
export function reasonTooLong(env: Env, reason: string | undefined, field: string): string | undefined {
  const max = interactionSettings(env).APPROVAL_REASON_MAX_CHARS;
  return reason !== undefined && reason.length > max ? `${field} is longer than APPROVAL_REASON_MAX_CHARS (${max})` : undefined;
}
