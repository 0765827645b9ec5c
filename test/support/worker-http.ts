// Calls the Worker under test (inside workerd) the way a client would, and reads SSE answers.
import { exports } from "cloudflare:workers";
import { parseSse, type SseEvent } from "./sse-text";

export type { SseEvent };

export const BASE = "http://localhost";

/**
 * The request as the runtime hands over one from a client on this machine: with no API_TOKEN set, /v1
 * answers only loopback connections (closed by default), and CF-Connecting-IP is how the runtime says
 * where a client connected from. A call into the Worker's fetch handler has no connection, so it says it here.
 */
export const fromThisMachine = (request: Request): Request => fromClient(request, "127.0.0.1");

/** The request as the runtime hands over one from a client at `address`, whatever the request itself claims. */
export function fromClient(request: Request, address: string): Request {
  const located = new Request(request);
  located.headers.set("cf-connecting-ip", address);
  return located;
}

/** fetch() into the Worker under test, as a client on this machine. */
export const workerFetch: typeof fetch = (input, init) => exports.default.fetch(fromThisMachine(new Request(input, init)));

/** A call into the Worker under test, as a client on this machine (`from`: at another address). */
export function call(path: string, init: RequestInit & { json?: unknown; from?: string } = {}): Promise<Response> {
  const { json, from, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(BASE + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  return exports.default.fetch(fromClient(request, from ?? "127.0.0.1"));
}

/** Parses a whole SSE body into events. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  return parseSse(await res.text());
}

let counter = 0;
/**
 * A session id unique to this test run. Each test file has its own counter (isolate: false still loads the
 * module per file), so two files starting in the same millisecond drew the same ids, and shared a scripted
 * model's replies: a random part keeps them apart.
 * Its parts have fixed widths: tests compare two runs' token counts, and an id a character longer counts one more.
 */
const base36 = (n: number, width: number) => n.toString(36).padStart(width, "0");
export const uniqueId = (prefix = "s") => `${prefix}-${Date.now().toString(36)}-${base36(counter++, 4)}${base36(Math.floor(Math.random() * 36 ** 4), 4)}`;
