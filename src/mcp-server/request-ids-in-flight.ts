// A request sent again with the id of one the session is still answering (a client retrying a POST
// instead of resuming its stream with Last-Event-ID) is refused: the spec forbids reusing an id in a
// session, and the transport keys its streams by id, so both calls ran and the first one's answer went
// to the second stream while the second's was dropped. A cancelled call is never answered, so its id
// stays taken: the spec forbids reusing it anyway.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isJSONRPCRequest, type RequestId } from "@modelcontextprotocol/sdk/types.js";

/** Follows the ids of the requests given to the server that it has not answered yet (call after server.connect). */
export function trackRequestIds(transport: Transport): ReadonlySet<RequestId> {
  const open = new Set<RequestId>();
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message)) open.add(message.id);
    return deliver?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    // A response (its id, no method) answers the request of that id.
    if (!("method" in message) && message.id !== undefined) open.delete(message.id);
    return send(message, options);
  };
  return open;
}

/** Why a POST whose body reuses an id still open (or names one twice) is refused; undefined for one that does not. */
export function reusedId(body: unknown, open: ReadonlySet<RequestId>): string | undefined {
  const ids = (Array.isArray(body) ? body : [body]).filter(isJSONRPCRequest).map((r) => r.id);
  const reused = ids.find((id, i) => open.has(id) || ids.indexOf(id) !== i);
  return reused === undefined ? undefined : `Request id ${JSON.stringify(reused)} is in use in this session: resume its stream with Last-Event-ID`;
}
