// A tools/call sent again with the id and arguments of one the session already answered is a client's retry
// after its connection dropped (the spec forbids reusing an id in a session): it gets the stored answer again,
// so a study, ask or create_course is not done twice. Only answers that are not failures are kept: a failed
// call's retry runs again, as an HTTP one does (docs/api.md#idempotency). The same id with other arguments is a
// new call (an answered id may be used again). The newest ANSWERS_KEPT answers are kept, in the session's SQLite.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isJSONRPCErrorResponse, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage, type RequestId } from "@modelcontextprotocol/sdk/types.js";

const ANSWERS_KEPT = 100;
/** A longer call and answer is not kept (its retry runs again): a row stays under SQLite's 2 MB, UTF-16's worst case included. */
const ANSWER_KEPT_MAX_CHARS = 1_000_000;

/** The request as its retry repeats it: its id and its params, as sent. */
const asSent = (id: RequestId, params: unknown) => ({ id: JSON.stringify(id), request: JSON.stringify(params ?? null) });

export class AnsweredCalls {
  constructor(private readonly sql: SqlStorage) {}

  /** Keeps the answers to the transport's tools/call requests (call after server.connect). */
  follow(transport: Transport): void {
    const asked = new Map<RequestId, string>();
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if (isJSONRPCRequest(message) && message.method === "tools/call") asked.set(message.id, asSent(message.id, message.params).request);
      return deliver?.(message, extra);
    };
    const send = transport.send.bind(transport);
    transport.send = async (message, options) => {
      // A response answers its request: a result that is no failure is kept for the request's retry.
      const id = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message) ? message.id : undefined;
      const request = id === undefined ? undefined : asked.get(id);
      if (id !== undefined && request !== undefined) {
        asked.delete(id);
        // Kept for a retry's sake only: the answer is sent even when keeping it fails.
        if (isJSONRPCResultResponse(message) && message.result.isError !== true) {
          try {
            this.keep(id, request, message);
          } catch (e) {
            console.error(`keeping the answer to tools/call ${JSON.stringify(id)} failed`, e);
          }
        }
      }
      return send(message, options);
    };
  }

  /** The stored answer when `body` is one tools/call the session answered with these arguments; else undefined. */
  answerTo(body: unknown): JSONRPCMessage | undefined {
    if (!isJSONRPCRequest(body) || body.method !== "tools/call") return undefined;
    const { id, request } = asSent(body.id, body.params);
    const row = this.sql.exec<{ response: string }>("SELECT response FROM mcp_answered_calls WHERE request_id = ? AND request = ?", id, request).toArray()[0];
    return row && (JSON.parse(row.response) as JSONRPCMessage);
  }

  private keep(requestId: RequestId, request: string, response: JSONRPCMessage): void {
    const { id } = asSent(requestId, null);
    const answer = JSON.stringify(response);
    if (answer.length + request.length > ANSWER_KEPT_MAX_CHARS) return;
    this.sql.exec("INSERT OR REPLACE INTO mcp_answered_calls (request_id, request, response) VALUES (?, ?, ?)", id, request, answer);
    this.sql.exec("DELETE FROM mcp_answered_calls WHERE rowid <= (SELECT MAX(rowid) FROM mcp_answered_calls) - ?", ANSWERS_KEPT);
  }
}
