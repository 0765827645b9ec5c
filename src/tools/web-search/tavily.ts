// Tavily's search API: POST /search with the key as a bearer token.
import * as z from "zod";
import { askFor, endpoint, parseJsonAs, type ProviderConfig, type SearchProvider } from "./provider";

const DEFAULT_BASE_URL = "https://api.tavily.com";

const Response = z.object({
  results: z.array(z.object({ title: z.string().default(""), url: z.string(), content: z.string().nullish() })),
});

export function createTavilyProvider(config: ProviderConfig): SearchProvider {
  if (!config.apiKey) throw new Error("Tavily needs SEARCH_API_KEY");
  const url = endpoint(config.baseUrl ?? DEFAULT_BASE_URL, "/search");
  const headers = {
    "content-type": "application/json",
    accept: "application/json",
    authorization: `Bearer ${config.apiKey}`,
  };
  return {
    name: "tavily",
    async search(query, n, signal) {
      const body = JSON.stringify({ query, max_results: askFor(n), search_depth: "basic" });
      const res = await config.request(url, { method: "POST", headers, body }, signal);
      const data = parseJsonAs("Tavily", Response, res.text);
      return data.results.map((r) => ({ title: r.title, url: r.url, snippet: r.content ?? "" }));
    },
  };
}
