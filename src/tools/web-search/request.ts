// One HTTP exchange with a search provider: through safeFetch (the SSRF rule holds for
// SEARCH_BASE_URL too), retried with exponential backoff on 429 and 5xx and on dropped
// connections, honouring Retry-After up to a bound, and failing as a SearchError.
import { FetchError, safeFetch, type SafeResponse } from "../safe-fetch";
import { SearchError } from "./provider";

export interface SearchRequestInit {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/** A 2xx or 3xx response of the provider, or a SearchError. */
export type SearchRequest = (url: string, init: SearchRequestInit, signal: AbortSignal) => Promise<SafeResponse>;

export interface SearchRequestOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** First backoff delay; doubled on each retry. */
  retryBaseMs: number;
  fetch?: typeof fetch;
}

/** A Retry-After longer than this means "not within this tool call": fail instead of waiting. */
const MAX_WAIT_MS = 10_000;
/** Result pages are small; anything bigger is not a result page. */
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

export function createSearchRequest(opts: SearchRequestOptions): SearchRequest {
  return async (url, init, signal) => {
    for (let attempt = 0; ; attempt++) {
      const backoff = opts.retryBaseMs * 2 ** attempt * (0.8 + Math.random() * 0.4);
      let res: SafeResponse;
      try {
        res = await safeFetch(url, {
          ...init,
          allowPrivate: opts.allowPrivate,
          timeoutMs: opts.timeoutMs,
          maxBytes: MAX_RESPONSE_BYTES,
          signal,
          fetch: opts.fetch,
        });
      } catch (e) {
        if (!(e instanceof FetchError)) throw e;
        if (e.code === "network" && attempt < opts.retries) {
          await sleep(backoff, signal);
          continue;
        }
        throw new SearchError(e.message);
      }
      if (res.status < 400) return res;
      const failure = `HTTP ${res.status}${res.text.trim() ? `: ${res.text.trim().slice(0, 200)}` : ""}`;
      if (!(res.status === 429 || res.status >= 500) || attempt >= opts.retries) {
        throw new SearchError(attempt ? `${failure} (after ${attempt + 1} attempts)` : failure);
      }
      const wait = retryAfterMs(res.headers.get("retry-after")) ?? backoff;
      if (wait > MAX_WAIT_MS) throw new SearchError(`${failure}; the provider asks to wait ${Math.ceil(wait / 1000)} s`);
      await sleep(wait, signal);
    }
  };
}

/** Retry-After as delay-seconds or an HTTP date, in ms; null when absent or unreadable. */
function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new SearchError("the search was cancelled"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new SearchError("the search was cancelled"));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
