// The one way every channel answers an MCP server's question (elicitation): HTTP
// (POST /v1/sessions/:id/inputs/:inputId), and the chats' buttons and replies. It goes to the session's
// Durable Object, which checks the content against the question's form, hands the answer to the held
// tool call and lets the run proceed.
import type { Env } from "../../env";
import type { AnswerOutcome, InputAction } from "./input-requests";
import type { IdempotencyKey } from "../../lib/idempotency-key";
import { sessionStub } from "../runs/start-run";

export type { AnswerOutcome, InputAction, PendingInput } from "./input-requests";

/**
 * Answers input `inputId` of session `sessionId`; `by` names who answered, for the audit trace ("api",
 * "telegram:<user id>", …). Outcomes:
 * - `{ok: true, runId, pendingInputs, seq, replayed}`: answered; when `pendingInputs` is 0 the run goes on,
 *   and its events follow at GET /v1/sessions/:id/runs/:runId/stream?after=<seq>;
 * - `not_found`: no such session, or no such input in it;
 * - `invalid_content` (with `errors`, one per field): the content does not fit the form; the question stays open;
 * - `already_answered`: settled before (answered, expired, or withdrawn because the run stopped);
 * - `input_lost`: the session restarted while the server waited, which ended its request (the run goes on without it);
 * - `idempotency_key_reused`: the key came with another answer before.
 */
export async function answerInput(
  env: Env,
  sessionId: string,
  inputId: string,
  answer: { action: InputAction; content?: Record<string, unknown> },
  by: string,
  idempotencyKey?: IdempotencyKey,
): Promise<AnswerOutcome> {
  return sessionStub(env, sessionId).answerInput(inputId, answer.action, answer.content, by, idempotencyKey);
}
