// /v1/sessions/:id/approvals/:approvalId: a person allows or denies a tool call a run is waiting on.
import { Hono } from "hono/tiny";
import * as z from "zod";
import { decideApproval, reasonTooLong } from "../session/interactions/decide-approval";
import type { AppEnv } from "../http-kit/app-env";
import { badRequest, HttpError } from "../http-kit/errors";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { reachableSession } from "../session/reachable-session";
import { parseId, parseJson, parseNoQuery } from "../http-kit/validation";

const Decide = z.strictObject({
  decision: z.enum(["allow", "deny"]),
  remember: z.boolean().optional(),
  /** Why, in the person's words: kept in the trace, and a denial's reaches the model. */
  reason: z.string().optional(),
});

export const approvalRoutes = new Hono<AppEnv>().post("/:id/approvals/:approvalId", async (c) => {
  const sessionId = parseId(c.req.param("id"), "session id");
  const approvalId = parseId(c.req.param("approvalId"), "approval id");
  parseNoQuery(c);
  const body = await parseJson(c, Decide);
  const tooLong = reasonTooLong(c.env, body.reason, "reason");
  if (tooLong) throw badRequest("invalid_request", tooLong);
  const idempotencyKey = await idempotencyKeyOf(c);
  await reachableSession(c.env, sessionId, c.get("tenant"));
  const outcome = await decideApproval(c.env, sessionId, approvalId, body.decision, "api", { remember: body.remember, reason: body.reason, idempotencyKey });
  if (outcome.ok) {
    const { ok: _ok, replayed, ...decided } = outcome;
    if (replayed) c.header(REPLAYED_HEADER, "true");
    return c.json({ ...decided, status: decided.pendingApprovals === 0 ? "running" : "awaiting_approval" });
  }
  // not_found, idempotency_key_reused (422), or already_decided: the contract's 409 conflict (src/lib/error-codes.ts).
  throw HttpError.of(outcome);
});
