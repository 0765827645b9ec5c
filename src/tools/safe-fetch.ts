// The one way tools reach the network: every URL, and every redirect hop, passes the address
// rule of ssrf.ts; the whole exchange has a deadline; and the body is read as a stream that stops
// at a byte cap, so a 20 MB page costs the Worker a few MB at most.
import { redactUrlCredentials } from "../lib/redaction";
import { checkUrl } from "./ssrf";
import { CodedError } from "../lib/coded-error";
import { BodyText } from "./body-text";

export interface SafeFetchOptions {
  /** Lifts the address rule (ALLOW_PRIVATE_FETCH, local tests only). */
  allowPrivate: boolean;
  /** Bytes of body kept; the rest is never read. */
  maxBytes: number;
  /** Deadline for all hops and the body together. */
  timeoutMs: number;
  signal?: AbortSignal;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  maxRedirects?: number;
  /** Judges each redirect's target beyond the address rule (the permission rules); the reason when refused. */
  checkRedirect?: (url: URL) => Promise<string | null>;
  fetch?: typeof fetch;
}

export interface SafeResponse {
  /** The URL that answered, after redirects, with any credentials in it redacted: it is shown and stored. */
  finalUrl: string;
  status: number;
  headers: Headers;
  text: string;
  /** The body was longer than maxBytes and was cut there. */
  truncated: boolean;
  /** Body bytes kept (≤ maxBytes). */
  bytes: number;
}

export type FetchFailure = "refused" | "timeout" | "cancelled" | "redirects" | "network";

/** A fetch the address rule refused, or that failed; its code says how (callers retry only `network`). A URL in the message never carries its credentials (the message reaches tool outputs and logs). */
export class FetchError extends CodedError<FetchFailure> {
  constructor(message: string, code: FetchFailure) {
    super(code, redactUrlCredentials(message));
  }
}

/** Sent unless the caller names its own: some sites refuse requests without a user agent. */
const USER_AGENT = "Mozilla/5.0 (compatible; StudyAgentEdge/0.1)";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that may follow a redirect to another origin; credentials (API keys) may not. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-language", "user-agent", "content-type"]);

/** GET or POST `input` under the address rule, a deadline and a byte cap; throws FetchError. */
export async function safeFetch(input: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  const doFetch = opts.fetch ?? fetch;
  const maxRedirects = opts.maxRedirects ?? 5;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new FetchError(`timed out after ${opts.timeoutMs} ms`, "timeout")), opts.timeoutMs);
  const onCancel = () => deadline.abort(new FetchError("the request was cancelled", "cancelled"));
  if (opts.signal?.aborted) onCancel();
  opts.signal?.addEventListener("abort", onCancel, { once: true });
  try {
    let url = input;
    let method = opts.method ?? "GET";
    let body = opts.body;
    let headers: Record<string, string> = { "user-agent": USER_AGENT, ...opts.headers };
    for (let hop = 0; ; hop++) {
      const check = checkUrl(url, opts);
      if (!check.ok) throw new FetchError(hop ? `redirect refused: ${check.reason}` : check.reason, "refused");
      const refused = hop && opts.checkRedirect ? await opts.checkRedirect(check.url) : null;
      if (refused) throw new FetchError(`redirect to ${check.url.href} refused: ${refused}`, "refused");
      const init: RequestInit = { method, headers, body, redirect: "manual", signal: deadline.signal };
      const res = await doFetch(check.url.href, init).catch((e: unknown) => Promise.reject(failure(e, deadline.signal)));
      const location = res.headers.get("location");
      if (!REDIRECT_STATUSES.has(res.status) || !location) {
        return await readCapped(res, redactUrlCredentials(check.url.href), opts.maxBytes, deadline.signal);
      }
      await res.body?.cancel();
      if (hop >= maxRedirects) throw new FetchError(`more than ${maxRedirects} redirects`, "redirects");
      const next = resolveLocation(location, check.url);
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
      if (res.status === 303 || (method === "POST" && (res.status === 301 || res.status === 302))) {
        method = "GET";
        body = undefined;
      }
      if (next.origin !== check.url.origin) {
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_HEADERS.has(k.toLowerCase())));
      }
      url = next.href;
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCancel);
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new FetchError(`redirect to an invalid URL: ${location.slice(0, 200)}`, "refused");
  }
}

/**
 * Bytes asked of each read of a byte stream (a fetch body is one). A body arrives in chunks of about 4 KB,
 * and each read and each decode costs the Worker: a 1.1 MB page took 286 of each.
 */
const READ_BYTES = 64 * 1024;

declare global {
  interface ReadableStreamBYOBReader {
    /** The Streams standard's `min` (workerd and Node honour it), which workers-types leaves out. */
    read<T extends ArrayBufferView>(view: T, options: { min: number }): Promise<ReadableStreamReadResult<T>>;
  }
}

/** Reads of `size` bytes, each filled unless the body ends first (a byte stream), or the chunks as they come (any other stream). */
function bodyReader(body: ReadableStream<Uint8Array>): { read(size: number): Promise<ReadableStreamReadResult<Uint8Array>>; cancel(): Promise<void> } {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = body.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: only a test's or a caller's own stream.
  }
  if (byob) {
    const reader = byob;
    return { read: (size) => reader.read(new Uint8Array(size), { min: size }), cancel: () => reader.cancel() };
  }
  const reader = body.getReader();
  return { read: () => reader.read(), cancel: () => reader.cancel() };
}

/**
 * Reads the body in reads of up to 64 KB, decoding each as it comes, and cancels the stream once the cap
 * is passed. Decoding as it comes, not the whole body at once, costs workerd half the CPU on a megabyte page.
 */
async function readCapped(res: Response, url: string, maxBytes: number, signal: AbortSignal): Promise<SafeResponse> {
  const text = new BodyText(res.headers.get("content-type"));
  let bytes = 0;
  let truncated = false;
  const reader = res.body ? bodyReader(res.body) : undefined;
  try {
    while (reader) {
      // One byte past the cap tells a longer body from one that ends there.
      const { done, value } = await reader.read(Math.min(READ_BYTES, maxBytes - bytes + 1));
      // A read the body's end cut short comes with done set and the last bytes in it.
      if (value?.byteLength) {
        const room = maxBytes - bytes;
        if (value.byteLength > room) {
          text.add(value.subarray(0, room));
          bytes += room;
          truncated = true;
          await reader.cancel();
          break;
        }
        text.add(value);
        bytes += value.byteLength;
      }
      if (done) break;
    }
  } catch (e) {
    throw failure(e, signal);
  }
  return { finalUrl: url, status: res.status, headers: res.headers, text: text.end(), truncated, bytes };
}

/** Our own deadline or cancellation keeps its FetchError; anything else is a network failure. */
function failure(e: unknown, signal: AbortSignal): FetchError {
  if (signal.aborted && signal.reason instanceof FetchError) return signal.reason;
  if (e instanceof FetchError) return e;
  const err = e as { message?: string; cause?: { message?: string; code?: string } };
  const detail = err.cause?.code ?? err.cause?.message;
  return new FetchError(`could not fetch: ${err.message ?? String(e)}${detail ? ` (${detail})` : ""}`, "network");
}
