// /v1/sessions/:id/inputs/:inputId: a person answers an MCP server's question (input.required) a run waits on.
import { Hono } from "hono/tiny";
import * as z from "zod";
import { answerInput } from "../session/interactions/answer-input";
import type { AppEnv } from "../http-kit/app-env";
import { errorResponse, HttpError } from "../http-kit/errors";
import { idempotencyKeyOf, REPLAYED_HEADER } from "../http-kit/idempotency-key";
import { reachableSession } from "../session/reachable-session";
import { parseId, parseJson, parseNoQuery } from "../http-kit/validation";

/** A form's field values: the MCP form-schema subset (strings, numbers, booleans, multiple-choice lists). */
const Content = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));

const Answer = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("accept"), content: Content.optional() }),
  z.strictObject({ action: z.literal("decline") }),
  z.strictObject({ action: z.literal("cancel") }),
]);

export const inputRoutes = new Hono<AppEnv>().post("/:id/inputs/:inputId", async (c) => {
  const sessionId = parseId(c.req.param("id"), "session id");
  const inputId = parseId(c.req.param("inputId"), "input id");
  parseNoQuery(c);
  const body = await parseJson(c, Answer);
  const idempotencyKey = await idempotencyKeyOf(c);
  await reachableSession(c.env, sessionId, c.get("tenant"));
  const outcome = await answerInput(c.env, sessionId, inputId, body, "api", idempotencyKey);
  if (outcome.ok) {
    const { ok: _ok, replayed, ...answered } = outcome;
    if (replayed) c.header(REPLAYED_HEADER, "true");
    return c.json({ ...answered, status: answered.pendingInputs === 0 ? "running" : "awaiting_input" });
  }
  if (outcome.code === "invalid_content") return errorResponse(c, outcome.code, outcome.message, { errors: outcome.errors });
  throw HttpError.of(outcome);
});
