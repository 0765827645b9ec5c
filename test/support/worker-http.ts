// Calls the Worker under test (inside workerd) the way a client would, and reads SSE answers.
import { exports } from "cloudflare:workers";

export const BASE = "http://agent.test";

export function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  return exports.default.fetch(new Request(BASE + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }));
}

export interface SseEvent {
  id?: number;
  event: string;
  data: Record<string, unknown>;
}

/** Parses a whole SSE body into events. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const e: SseEvent = { event: "message", data: {} };
      for (const line of block.split("\n")) {
        if (line.startsWith("id: ")) e.id = Number(line.slice(4));
        else if (line.startsWith("event: ")) e.event = line.slice(7);
        else if (line.startsWith("data: ")) e.data = JSON.parse(line.slice(6));
      }
      return e;
    });
}

let counter = 0;
/** A session id unique to this test run. */
export const uniqueId = (prefix = "s") => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
