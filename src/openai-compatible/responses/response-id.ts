// A response id names the run it was and the session that run belongs to, so `previous_response_id`,
// GET, DELETE and cancel find both without a lookup table: resp_<base64url("<sessionId>/<runId>")>. A run
// resumed with a client's tool results answers a response of its own, which also names where it began:
// resp_<base64url("<sessionId>/<runId>/<trace seq>")>. A message item's id names its response the same way,
// and its place in the response's output, so an `item_reference` to it finds its text:
// msg_<base64url("<sessionId>/<runId>[/<trace seq>]/<index>")>.
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
const MESSAGE_PREFIX = "msg_";

const refParts = (ref: ResponseRef): string[] => (ref.after ? [ref.sessionId, ref.runId, String(ref.after)] : [ref.sessionId, ref.runId]);

export function responseId(ref: ResponseRef): string {
  return packRef(PREFIX, refParts(ref));
}

/** The session and run of a response id; a 404 naming `param` for anything else. */
export function parseResponseId(id: string, param: string | null = null): ResponseRef {
  const ref = refOf(unpackRef(PREFIX, id) ?? []);
  if (!ref) throw new ParamError("response_not_found", `No response with id '${id}' was found.`, param);
  return ref;
}

/** The id of the message item at `index` of the response's output. */
export function messageItemId(ref: ResponseRef, index: number): string {
  return packRef(MESSAGE_PREFIX, [...refParts(ref), String(index)]);
}

/** The response and output index a message item's id names; undefined for anything else. */
export function parseMessageItemId(id: string): { ref: ResponseRef; index: number } | undefined {
  const parts = unpackRef(MESSAGE_PREFIX, id) ?? [];
  const index = parts.pop();
  const ref = refOf(parts);
  return ref && index !== undefined && /^(0|[1-9][0-9]{0,5})$/.test(index) ? { ref, index: Number(index) } : undefined;
}

function refOf([sessionId, runId, after, ...rest]: string[]): ResponseRef | undefined {
  if (rest.length || !Id.safeParse(sessionId).success || !Id.safeParse(runId).success || (after !== undefined && !/^[1-9][0-9]{0,15}$/.test(after)))
    return undefined;
  return { sessionId: sessionId!, runId: runId!, ...(after ? { after: Number(after) } : {}) };
}
