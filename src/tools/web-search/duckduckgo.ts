// DuckDuckGo's HTML endpoint: keyless, so web_search works on a fresh deploy. The page is parsed
// with linkedom; result links go through DuckDuckGo's redirector and are unwrapped to the target.
import { DOMParser } from "linkedom";
import { endpoint, SearchError, type ProviderConfig, type SearchHit, type SearchProvider } from "./provider";

const DEFAULT_BASE_URL = "https://html.duckduckgo.com";
/** What DuckDuckGo's bot check page carries instead of results (it answers 202, a "success"). */
const BOT_CHECK = /anomaly-modal|challenge-form|bots use DuckDuckGo/i;

export function createDuckDuckGoProvider(config: ProviderConfig): SearchProvider {
  const url = endpoint(config.baseUrl ?? DEFAULT_BASE_URL, "/html/");
  return {
    name: "duckduckgo",
    async search(query, _n, signal) {
      const res = await config.request(
        url,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ q: query, b: "" }).toString(),
        },
        signal,
      );
      if (res.status === 202 || BOT_CHECK.test(res.text)) {
        throw new SearchError("DuckDuckGo answered with its bot check instead of results; try again later or set SEARCH_PROVIDER to another provider");
      }
      return parseDuckDuckGoHtml(res.text);
    },
  };
}

/** The part of linkedom's element this parser uses (its typings give querySelectorAll `any`). */
interface ResultElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): ResultElement | null;
}

/** The organic results of a DuckDuckGo HTML result page, ads left out. */
export function parseDuckDuckGoHtml(html: string): SearchHit[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const hits: SearchHit[] = [];
  for (const result of Array.from(doc.querySelectorAll(".result:not(.result--ad)") as ArrayLike<ResultElement>)) {
    const link = result.querySelector("a.result__a");
    const url = link && unwrap(link.getAttribute("href") ?? "");
    if (!link || !url) continue;
    hits.push({
      title: (link.textContent ?? "").trim(),
      url,
      snippet: (result.querySelector(".result__snippet")?.textContent ?? "").trim(),
    });
  }
  return hits;
}

/** `//duckduckgo.com/l/?uddg=<target>&rut=…` → target; direct http(s) links as they are. */
function unwrap(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, "https://duckduckgo.com");
  } catch {
    return null;
  }
  const target = url.hostname.endsWith("duckduckgo.com") && url.pathname === "/l/" ? url.searchParams.get("uddg") : url.href;
  return target && /^https?:\/\//i.test(target) ? target : null;
}
