// Brave Search API: GET /res/v1/web/search with the key in X-Subscription-Token.
import * as z from "zod";
import { askFor, endpoint, htmlText, parseJsonAs, type ProviderConfig, type SearchProvider } from "./provider";

const DEFAULT_BASE_URL = "https://api.search.brave.com";

const Response = z.object({
  web: z
    .object({
      results: z.array(z.object({ title: z.string().default(""), url: z.string(), description: z.string().nullish() })),
    })
    .optional(),
});

export function createBraveProvider(config: ProviderConfig): SearchProvider {
  if (!config.apiKey) throw new Error("Brave needs SEARCH_API_KEY");
  const base = endpoint(config.baseUrl ?? DEFAULT_BASE_URL, "/res/v1/web/search");
  const headers = { accept: "application/json", "x-subscription-token": config.apiKey };
  return {
    name: "brave",
    async search(query, n, signal) {
      const url = `${base}?${new URLSearchParams({ q: query, count: String(askFor(n)) })}`;
      const res = await config.request(url, { headers }, signal);
      const data = parseJsonAs("Brave", Response, res.text);
      // Brave marks the query's words in titles and descriptions with <strong>.
      return (data.web?.results ?? []).map((r) => ({ title: htmlText(r.title), url: r.url, snippet: htmlText(r.description ?? "") }));
    },
  };
}
