// Calls the Worker under test (inside workerd) the way a client would, and reads SSE answers.
import { exports } from "cloudflare:workers";
import { parseSse, type SseEvent } from "./sse-text";

export type { SseEvent };

// A loopback host: with no API_TOKEN set, /v1 answers only loopback requests (closed by default).
export const BASE = "http://localhost";

export function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  return exports.default.fetch(new Request(BASE + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }));
}

/** Parses a whole SSE body into events. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  return parseSse(await res.text());
}

let counter = 0;
/** A session id unique to this test run. */
export const uniqueId = (prefix = "s") => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
