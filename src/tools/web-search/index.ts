// web_search: one tool over the configured provider (SEARCH_PROVIDER), with short, numbered
// results the model can cite and follow with fetch_webpage.
import * as z from "zod";
import { defineTool, fail, ok, type Tool, type ToolSignature } from "../../agent";
import { createBraveProvider } from "./brave";
import { createDuckDuckGoProvider } from "./duckduckgo";
import { SearchError, type ProviderConfig, type SearchProvider } from "./provider";
import { createSearchRequest } from "./request";
import { createSearxngProvider } from "./searxng";
import { createTavilyProvider } from "./tavily";

export type { SearchHit, SearchProvider } from "./provider";

const PROVIDERS = {
  duckduckgo: createDuckDuckGoProvider,
  searxng: createSearxngProvider,
  tavily: createTavilyProvider,
  brave: createBraveProvider,
} satisfies Record<string, (config: ProviderConfig) => SearchProvider>;

export type SearchProviderName = keyof typeof PROVIDERS;

/** Request defaults when the configuration names none. */
export const WEB_SEARCH_DEFAULTS = { timeoutMs: 10_000, retries: 2, retryBaseMs: 500 } as const;

export interface WebSearchOptions {
  provider: SearchProviderName;
  /** SEARCH_BASE_URL: required for searxng, overrides the public endpoint of the others. */
  baseUrl?: string;
  /** SEARCH_API_KEY: required for tavily and brave. */
  apiKey?: string;
  /** Per attempt (WEB_SEARCH_DEFAULTS.timeoutMs is the usual value). */
  timeoutMs: number;
  /** Retries after a 429, a 5xx or a dropped connection (default 2). */
  retries?: number;
  /** First backoff delay in ms, doubled per retry (default 500). */
  retryBaseMs?: number;
  /** ALLOW_PRIVATE_FETCH: lets SEARCH_BASE_URL be a loopback or private address (local tests only). */
  allowPrivate?: boolean;
  fetch?: typeof fetch;
}

export interface WebSearchResult {
  index: number;
  title: string;
  url: string;
  snippet: string;
}

const SNIPPET_CHARS = 300;

export const WEB_SEARCH_SIGNATURE = {
  name: "web_search",
  input: z.object({
    query: z.string().trim().min(1).max(400).describe("What to search for, in the words a good page would use"),
    num_results: z.number().int().min(1).max(10).default(5).describe("How many results, 1 to 10"),
  }),
} satisfies ToolSignature;

/** The web_search tool; throws when the provider's configuration is incomplete (a missing key). */
export function createWebSearchTool(opts: WebSearchOptions): Tool {
  const request = createSearchRequest({
    allowPrivate: opts.allowPrivate ?? false,
    timeoutMs: opts.timeoutMs,
    retries: opts.retries ?? WEB_SEARCH_DEFAULTS.retries,
    retryBaseMs: opts.retryBaseMs ?? WEB_SEARCH_DEFAULTS.retryBaseMs,
    fetch: opts.fetch,
  });
  const provider = PROVIDERS[opts.provider]({ baseUrl: opts.baseUrl, apiKey: opts.apiKey, request });
  return defineTool({
    ...WEB_SEARCH_SIGNATURE,
    description:
      "Search the web. Returns JSON [{index, title, url, snippet}], best first. Snippets are short: " +
      "read the promising pages with fetch_webpage before relying on them.",
    replaySafe: true,
    sideEffects: false,
    async run({ query, num_results }, ctx) {
      let hits;
      try {
        hits = await provider.search(query, num_results, ctx.signal);
      } catch (e) {
        if (e instanceof SearchError) return fail(`web_search failed (${provider.name}): ${e.message}`);
        throw e;
      }
      const seen = new Set<string>();
      const results: WebSearchResult[] = [];
      for (const hit of hits) {
        if (results.length === num_results || seen.has(hit.url)) continue;
        seen.add(hit.url);
        const snippet = clip(oneLine(hit.snippet));
        results.push({ index: results.length + 1, title: oneLine(hit.title), url: hit.url, snippet });
      }
      if (!results.length) return ok(`No results for "${query}". Try other or fewer words.`, { results });
      return ok(JSON.stringify(results), { provider: provider.name, results });
    },
  });
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim();

/** At most SNIPPET_CHARS characters, cut at a word where one is near, with an ellipsis. */
function clip(text: string): string {
  if (text.length <= SNIPPET_CHARS) return text;
  const cut = text.slice(0, SNIPPET_CHARS - 1).replace(/[\ud800-\udbff]$/, "");
  const space = cut.lastIndexOf(" ");
  return (space > SNIPPET_CHARS - 40 ? cut.slice(0, space) : cut) + "…";
}
