// SearXNG, self-hosted metasearch: SEARCH_BASE_URL + /search?q=…&format=json (the instance must
// list `json` under search.formats in its settings, else it answers 403).
import * as z from "zod";
import { endpoint, parseJsonAs, type ProviderConfig, type SearchProvider } from "./provider";

const Response = z.object({
  results: z.array(z.object({ title: z.string().default(""), url: z.string(), content: z.string().nullish() })),
});

export function createSearxngProvider(config: ProviderConfig): SearchProvider {
  if (!config.baseUrl) throw new Error("SearXNG needs SEARCH_BASE_URL (the instance's address)");
  const base = endpoint(config.baseUrl, "/search");
  return {
    name: "searxng",
    async search(query, _n, signal) {
      const url = `${base}?${new URLSearchParams({ q: query, format: "json" })}`;
      const res = await config.request(url, { headers: { accept: "application/json" } }, signal);
      const data = parseJsonAs("SearXNG", Response, res.text);
      return data.results.map((r) => ({ title: r.title, url: r.url, snippet: r.content ?? "" }));
    },
  };
}
