// fetch_webpage: the page's readable text for the model, fetched under the SSRF rule, a deadline
// and a byte cap, and remembered in the run so the lesson validator can tell read sources from
// invented ones.
import * as z from "zod";
import { defineTool, fail, ok, type Tool, type ToolContext, type ToolSignature } from "../agent";
import { CodedError } from "../lib/coded-error";
import { redactUrlCredentials } from "../lib/redaction";
import { int } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";
import type { BuiltinTool } from "./builtin-tool";
import { DEFAULT_MAX_DEPTH, extractArticle } from "./extract";
import { networkSettings } from "./network-settings";
import { prunePage } from "./prune-page";
import { FetchError, safeFetch, type SafeResponse } from "./safe-fetch";

/** runState key of the URLs fetch_webpage has read in this run (requested and final). */
export const FETCHED_URLS = "fetchedUrls";

declare module "../agent/run-state" {
  interface RunStateVars {
    [FETCHED_URLS]: Set<string>;
  }
}

export interface FetchWebpageOptions {
  /** ALLOW_PRIVATE_FETCH: local tests only. */
  allowPrivate: boolean;
  /** Bytes of a page read at most. */
  maxBytes: number;
  timeoutMs: number;
  /** Characters of content returned at most (the model may ask for fewer). */
  maxChars: number;
  /** How deep a page's elements may nest before it is refused (extract.ts); DEFAULT_MAX_DEPTH when absent. */
  maxDepth?: number;
  fetch?: typeof fetch;
}

export interface WebpageResult {
  url: string;
  title: string;
  byline?: string;
  content: string;
  /** Characters of the whole extracted text, before truncation. */
  length: number;
  truncated: boolean;
}

const ACCEPT = "text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5";
const TEXT_TYPES = /^(text\/|application\/(json|xml|[\w.+-]+\+(json|xml))$)/;

const fetchWebpageInput = (maxChars: number) =>
  z.object({
    url: z.string().min(1).describe("Absolute http(s) URL of the page"),
    max_chars: z.number().int().min(100).optional().describe(`Characters of content to return at most (default and ceiling ${maxChars})`),
  });

/** fetch_webpage's signature (its argument names do not depend on the character ceiling). */
const FETCH_WEBPAGE_SIGNATURE: ToolSignature = { name: "fetch_webpage", input: fetchWebpageInput(100) };

export function createFetchWebpageTool(opts: FetchWebpageOptions): Tool {
  return defineTool({
    name: FETCH_WEBPAGE_SIGNATURE.name,
    description:
      "Read a web page: returns JSON {url, title, byline?, content, length, truncated} with the page's " +
      "readable article text (navigation and ads removed). HTML and plain text only. Use it on search " +
      "results before citing them; only pages read this way count as sources.",
    input: fetchWebpageInput(opts.maxChars),
    replaySafe: true,
    sideEffects: false,
    async run({ url, max_chars }, ctx) {
      const recheck = ctx.recheck;
      // As the output names it: without the user and password it may carry.
      const shown = redactUrlCredentials(url);
      let res: SafeResponse;
      try {
        res = await safeFetch(url, {
          allowPrivate: opts.allowPrivate,
          maxBytes: opts.maxBytes,
          timeoutMs: opts.timeoutMs,
          signal: ctx.signal,
          headers: { accept: ACCEPT },
          // Host rules judge every hop, not only the URL the model asked for.
          ...(recheck ? { checkRedirect: (hop: URL) => recheck({ url: hop.href, max_chars }) } : {}),
          fetch: opts.fetch,
        });
      } catch (e) {
        if (e instanceof FetchError) return fail(`Could not fetch ${shown}: ${e.message}`);
        throw e;
      }
      if (res.status >= 400) return fail(`Could not fetch ${shown}: the server answered HTTP ${res.status}.`);
      const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const html = type.includes("html") || (!type && /^\s*<(!doctype|html|head|body)/i.test(res.text));
      if (!html && !TEXT_TYPES.test(type)) {
        const size = `${res.bytes}${res.truncated ? "+" : ""} bytes`;
        return fail(
          `${res.finalUrl} is ${type || "an unknown type"} (${size}), not a web page: ` +
            "fetch_webpage reads HTML and plain text only. Look for an HTML version of this source.",
        );
      }
      let article: Omit<WebpageResult, "url" | "truncated">;
      try {
        article = html ? extractArticle(prunePage(res.text), res.finalUrl, opts.maxDepth) : { title: res.finalUrl, content: res.text, length: res.text.length };
      } catch (e) {
        if (e instanceof CodedError && e.code === "page_too_deep") return fail(`Could not read ${res.finalUrl}: ${e.message}.`);
        throw e;
      }
      const result = fit(article, Math.min(max_chars ?? opts.maxChars, opts.maxChars), res);
      // As requested, as normalized (what a lesson's link is likely to be), and where it ended up.
      recordFetched(ctx, [url, new URL(url).href, res.finalUrl]);
      const { title, length, truncated } = result;
      return ok(JSON.stringify(result), { url: res.finalUrl, title, length, truncated, bytes: res.bytes });
    },
  });
}

/** The article within maxChars, with a visible marker wherever something was left out. */
function fit(article: Omit<WebpageResult, "url" | "truncated">, maxChars: number, res: SafeResponse): WebpageResult {
  let content = article.content;
  let truncated = true;
  if (content.length > maxChars) {
    // Never split a surrogate pair: a lone half is invalid text for the model's tokenizer.
    const kept = content.slice(0, maxChars).replace(/[\ud800-\udbff]$/, "");
    content = `${kept}\n\n[… truncated at ${kept.length} chars of ${article.length} …]`;
  } else if (res.truncated) {
    content = `${content}\n\n[… page truncated at ${res.bytes} bytes …]`;
  } else {
    truncated = false;
  }
  const byline = article.byline ? { byline: article.byline } : {};
  return { url: res.finalUrl, title: article.title, ...byline, content, length: article.length, truncated };
}

function recordFetched(ctx: ToolContext, urls: string[]): void {
  const set = ctx.runState.get(FETCHED_URLS) ?? new Set<string>();
  for (const url of urls) set.add(url);
  ctx.runState.set(FETCHED_URLS, set);
}

export const FetchWebpageSettings = z.object({
  /** Bytes of a fetched page read at most (the rest is never downloaded). */
  FETCH_MAX_BYTES: int(2 * 1024 * 1024, 1024),
  FETCH_TIMEOUT_MS: int(15_000, 100),
  /** Characters of a page's text handed to the model. */
  FETCH_MAX_CHARS: int(20_000, 100),
  /** How deep a page's elements may nest before it is refused: extraction's work grows with the square of the depth. */
  FETCH_MAX_DEPTH: int(DEFAULT_MAX_DEPTH, 32, 1000),
});

const fetchWebpageSettings = settingsLoader(FetchWebpageSettings);

/** fetch_webpage as a built-in tool. */
export const fetchWebpage: BuiltinTool = {
  signature: FETCH_WEBPAGE_SIGNATURE,
  settings: FetchWebpageSettings,
  scope: "isolate",
  create(env) {
    const s = fetchWebpageSettings(env);
    return createFetchWebpageTool({
      allowPrivate: networkSettings(env).ALLOW_PRIVATE_FETCH,
      maxBytes: s.FETCH_MAX_BYTES,
      timeoutMs: s.FETCH_TIMEOUT_MS,
      maxChars: s.FETCH_MAX_CHARS,
      maxDepth: s.FETCH_MAX_DEPTH,
    });
  },
};
