// A response id names the run it was and the session that run belongs to, so `previous_response_id`,
// GET, DELETE and cancel find both without a lookup table: resp_<base64url("<sessionId>/<runId>")>. A run
// resumed with a client's tool results answers a response of its own, which also names where it began:
// resp_<base64url("<sessionId>/<runId>/<trace seq>")>.
import { ParamError } from "../openai-errors";
import { Id } from "../../http-kit/validation";
import { packRef, unpackRef } from "../wire-ref";

export interface ResponseRef {
  sessionId: string;
  runId: string;
  /** The trace seq the response's events follow (a resumed run's part); the whole run without it. */
  after?: number;
}

const PREFIX = "resp_";

export function responseId(ref: ResponseRef): string {
  return packRef(PREFIX, ref.after ? [ref.sessionId, ref.runId, String(ref.after)] : [ref.sessionId, ref.runId]);
}

/** The session and run of a response id; a 404 naming `param` for anything else. */
export function parseResponseId(id: string, param: string | null = null): ResponseRef {
  const [sessionId, runId, after, ...rest] = unpackRef(PREFIX, id) ?? [];
  if (rest.length || !Id.safeParse(sessionId).success || !Id.safeParse(runId).success || (after !== undefined && !/^[1-9][0-9]{0,15}$/.test(after)))
    throw new ParamError("response_not_found", `No response with id '${id}' was found.`, param);
  return { sessionId: sessionId!, runId: runId!, ...(after ? { after: Number(after) } : {}) };
}
