// Where a request naming `previous_response_id` runs. OpenAI's meaning is "continue from that response's
// context": the latest response of a conversation is continued in its session, and an older one starts a
// branch, a new session forked from the conversation through that response (as a chat front end's Edit:
// docs/openai-compatible.md#front-ends-conversations), the named session left as it was. A repeat of a request
// that continued the latest (the conversation has its run since) is judged in that session, so it gets the
// run back rather than a fork. Whether it is still the latest is checked again by the session in the step that
// starts the run: of two requests continuing the latest at once (two tabs, an SDK's Promise.all), the first to
// start continues it, and the other looks again and branches, as from an older response.
import type { Env } from "../../env";
import type { RunOptions } from "../../session/runs/run-row";
import { reachableSession } from "../../session/reachable-session";
import { ParamError } from "../openai-errors";
import type { TurnPlace } from "../turn-run";
import { responseId, type ResponseRef } from "./response-id";
import { newSessionId, type ResponsesTurn } from "./responses-request";

const notFound = () => new ParamError("response_not_found", "previous_response_id names no stored response.", "previous_response_id");

/**
 * The place the turn runs in, given that `previous` names a response: its session, or a fork of it. `looks`:
 * how many times the request may look again when its run could not start where this one said (the
 * conversation moved on in between); past them the start is 409 conflict.
 */
export async function continuedPlace(env: Env, turn: ResponsesTurn, previous: ResponseRef, options: RunOptions, looks = 2): Promise<TurnPlace> {
  const tenant = options.tenant ?? null;
  const stub = await reachableSession(env, previous.sessionId, tenant);
  const at = await stub.continuationOf(previous.runId, turn.input, options, turn.dedupe);
  if (!at) throw notFound();
  // Results of client tools go to the run that called them, in this session (readResponsesTurn checked).
  if (turn.resume || turn.place.kind !== "session") return turn.place;
  if (!at.fork) {
    const again = looks > 1 ? { branch: () => continuedPlace(env, turn, previous, options, looks - 1) } : {};
    return { ...turn.place, continues: { runId: previous.runId, ...again } };
  }
  if (at.through === null)
    throw new ParamError(
      "invalid_request",
      `previous_response_id names ${responseId(previous)}, which is not the latest response of its conversation and ended before it added anything to it: continue from the latest, or from a response that answered.`,
      "previous_response_id",
    );
  const prefix = await stub.conversationPrefix(at.through);
  if (!prefix) throw notFound();
  return {
    kind: "session",
    // Named by the Idempotency-Key when there is one, so a repeat finds the fork its first request made.
    sessionId: await newSessionId(tenant, turn.dedupe.idempotencyKey?.key),
    // The request's own earlier items follow it, stored with the run (RunOptions.earlier).
    seed: prefix.messages,
    state: prefix.state,
    derived: true,
  };
}
