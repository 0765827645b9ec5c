// What every search provider is to the web_search tool: a query in, ranked hits out, and a
// SearchError (never anything else) when the provider cannot answer.
import { DOMParser } from "linkedom";
import * as z from "zod";
import type { SearchRequest } from "./request";
import { CodedError } from "../../lib/coded-error";
import { trimEndChars } from "../../lib/trim-chars";

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
}

export interface SearchProvider {
  readonly name: string;
  /**
   * Hits for `query`, best first: every hit the provider gave, not cut to `n`, since the tool drops duplicate
   * URLs before it counts `n` (a provider that takes a count is asked for more: askFor).
   */
  search(query: string, n: number, signal: AbortSignal): Promise<SearchHit[]>;
}

/** How many hits to ask a provider that takes a count for, so `n` remain after duplicates go (both take at most 20). */
export const askFor = (n: number): number => Math.min(2 * n, 20);

export interface ProviderConfig {
  /** Overrides the provider's public endpoint (SEARCH_BASE_URL; local fakes in tests). */
  baseUrl?: string;
  apiKey?: string;
  request: SearchRequest;
}

/** The provider could not answer; the only error a provider throws, which the tool reports to the model. */
export class SearchError extends CodedError<"search_failed"> {
  constructor(message: string) {
    super("search_failed", message);
  }
}

/** `base` without trailing slashes, followed by `path`. */
export const endpoint = (base: string, path: string): string => trimEndChars(base, "/") + path;

/** The provider's JSON checked against `schema`, or a SearchError naming what came back instead. */
export function parseJsonAs<S extends z.ZodType>(provider: string, schema: S, text: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SearchError(`${provider} answered with something other than JSON: ${text.slice(0, 120)}`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new SearchError(`${provider} answered JSON of an unexpected shape: ${z.prettifyError(parsed.error).slice(0, 200)}`);
}

/** Text of an HTML fragment (APIs mark query words with <strong>, and escape entities). */
export function htmlText(fragment: string): string {
  if (!/[<&]/.test(fragment)) return fragment;
  const doc = new DOMParser().parseFromString(`<html><head></head><body>${fragment}</body></html>`, "text/html");
  return doc.body.textContent ?? "";
}
