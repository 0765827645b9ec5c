// web_search against local fakes of each provider's wire format, over real HTTP on 127.0.0.1.
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createWebSearchTool, type WebSearchOptions } from "../../src/tools/web-search";
import { parseDuckDuckGoHtml } from "../../src/tools/web-search/duckduckgo";
import { startPageServer, type PageServer, type Route } from "../support/page-server";
import { callTool } from "../support/run-tool";
import { FIXTURES } from "../support/paths";

const DDG_PAGE = readFileSync(resolve(FIXTURES, "duckduckgo-results.html"), "utf8");

const json = (res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));

let server: PageServer | undefined;
afterEach(() => server?.close());

/** The tool pointed at a fake provider; `basePath` is appended to the server's origin. */
async function searchTool(routes: Record<string, Route>, opts: Partial<WebSearchOptions>, basePath = "") {
  server = await startPageServer(routes);
  return createWebSearchTool({
    provider: "duckduckgo",
    baseUrl: server.origin + basePath,
    timeoutMs: 2_000,
    retryBaseMs: 10,
    allowPrivate: true,
    ...opts,
  });
}

type Result = { index: number; title: string; url: string; snippet: string };
const results = (content: string) => JSON.parse(content) as Result[];

describe("DuckDuckGo HTML", () => {
  it("parses organic results, skips ads and unwraps redirect links", () => {
    const hits = parseDuckDuckGoHtml(DDG_PAGE);
    expect(hits.map((h) => h.url)).toEqual([
      "https://en.wikipedia.org/wiki/Derivative",
      "https://www.khanacademy.org/math/calculus-1?lang=en&unit=2",
      "https://tutorial.math.lamar.edu/classes/calci/derivativeintro.aspx",
      "https://openstax.org/books/calculus-volume-1/pages/3-1-defining-the-derivative",
    ]);
    expect(hits[0]).toMatchObject({
      title: "Derivative - Wikipedia",
      snippet:
        "In mathematics, the derivative is a fundamental tool that quantifies the sensitivity to change of a function's output with respect to its input.",
    });
  });

  it("POSTs the query as a form and answers numbered results with snippets of at most 300 characters", async () => {
    const tool = await searchTool({ "/html/": (_, res) => void res.writeHead(200, { "content-type": "text/html" }).end(DDG_PAGE) }, {});
    const r = await callTool(tool, { query: "calculus derivatives", num_results: 3 });
    expect(r.status).toBe("success");
    const list = results(r.content);
    expect(list.map((x) => x.index)).toEqual([1, 2, 3]);
    expect(list[1]!.snippet.length).toBeLessThanOrEqual(300);
    expect(list[1]!.snippet).toMatch(/^Learn Calculus 1 — limits .*…$/);
    const [req] = server!.requests;
    expect(req).toMatchObject({ method: "POST", url: "/html/" });
    expect(new URLSearchParams(req!.body).get("q")).toBe("calculus derivatives");
  });

  it("defaults to five results at most", async () => {
    const tool = await searchTool({ "/html/": (_, res) => void res.writeHead(200).end(DDG_PAGE) }, {});
    const r = await callTool(tool, { query: "calculus" });
    expect(results(r.content)).toHaveLength(4);
  });

  it("reports the bot check page as an error, not as zero results", async () => {
    const page = '<html><head></head><body><div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div></body></html>';
    const tool = await searchTool({ "/html/": (_, res) => void res.writeHead(202, { "content-type": "text/html" }).end(page) }, {});
    const r = await callTool(tool, { query: "x" });
    expect(r).toMatchObject({ status: "error" });
    expect(r.content).toMatch(/duckduckgo.*bot check/i);
  });
});

describe("SearXNG", () => {
  it("asks /search?q=…&format=json under SEARCH_BASE_URL and maps results", async () => {
    const tool = await searchTool(
      {
        "/searx/search": (_, res) =>
          json(res, {
            query: "limits",
            results: [
              {
                title: "Limit (mathematics)",
                url: "https://en.wikipedia.org/wiki/Limit_(mathematics)",
                content: "In mathematics, a limit is…",
                engine: "wikipedia",
              },
              { title: "Limits intro", url: "https://example.org/limits", content: null },
            ],
          }),
      },
      { provider: "searxng" },
      "/searx/",
    );
    const r = await callTool(tool, { query: "limits" });
    expect(results(r.content)).toEqual([
      { index: 1, title: "Limit (mathematics)", url: "https://en.wikipedia.org/wiki/Limit_(mathematics)", snippet: "In mathematics, a limit is…" },
      { index: 2, title: "Limits intro", url: "https://example.org/limits", snippet: "" },
    ]);
    const q = new URL(server!.requests[0]!.url, "http://x").searchParams;
    expect([q.get("q"), q.get("format")]).toEqual(["limits", "json"]);
  });

  it("answers num_results distinct pages when the provider's first ones hold a URL twice", async () => {
    const hit = (n: number) => ({ title: `Page ${n}`, url: `https://example.org/${n}`, content: `About ${n}.` });
    const tool = await searchTool(
      { "/search": (_, res) => json(res, { query: "q", results: [hit(1), hit(2), hit(1), hit(3), hit(4), hit(5), hit(6)] }) },
      { provider: "searxng" },
    );
    const r = await callTool(tool, { query: "q", num_results: 5 });
    expect(results(r.content).map((x) => x.url)).toEqual([1, 2, 3, 4, 5].map((n) => `https://example.org/${n}`));
  });

  it("needs a base URL", () => {
    expect(() => createWebSearchTool({ provider: "searxng", timeoutMs: 1_000 })).toThrow(/SEARCH_BASE_URL/);
  });
});

describe("Tavily", () => {
  it("POSTs JSON with the key as a bearer token", async () => {
    const tool = await searchTool(
      {
        "/search": (req, res) =>
          req.headers.authorization === "Bearer tvly-test"
            ? json(res, { query: "q", results: [{ title: "Integral", url: "https://example.org/integral", content: "An integral is…", score: 0.9 }] })
            : json(res, { detail: { error: "Unauthorized: missing or invalid API key." } }, 401),
      },
      { provider: "tavily", apiKey: "tvly-test" },
    );
    const r = await callTool(tool, { query: "integral", num_results: 2 });
    expect(results(r.content)).toEqual([{ index: 1, title: "Integral", url: "https://example.org/integral", snippet: "An integral is…" }]);
    // Twice what is wanted, so duplicates dropped still leave enough.
    expect(JSON.parse(server!.requests[0]!.body)).toMatchObject({ query: "integral", max_results: 4 });
  });

  it("turns a refused key into an error result naming the status", async () => {
    const tool = await searchTool({ "/search": (_, res) => json(res, { detail: { error: "Unauthorized" } }, 401) }, { provider: "tavily", apiKey: "bad" });
    const r = await callTool(tool, { query: "x" });
    expect(r.status).toBe("error");
    expect(r.content).toMatch(/^web_search failed \(tavily\): HTTP 401/);
    expect(server!.requests).toHaveLength(1);
  });

  it.each(["tavily", "brave"] as const)("%s needs a key", (provider) => {
    expect(() => createWebSearchTool({ provider, timeoutMs: 1_000 })).toThrow(/SEARCH_API_KEY/);
  });
});

describe("Brave", () => {
  it("GETs with X-Subscription-Token and strips the <strong> marks", async () => {
    const tool = await searchTool(
      {
        "/res/v1/web/search": (req, res) =>
          req.headers["x-subscription-token"] === "brave-key"
            ? json(res, {
                type: "search",
                web: {
                  type: "search",
                  results: [
                    {
                      title: "The <strong>Chain Rule</strong>",
                      url: "https://example.org/chain",
                      description: "Use the <strong>chain rule</strong> when &amp; only when…",
                    },
                  ],
                },
              })
            : json(res, {}, 403),
      },
      { provider: "brave", apiKey: "brave-key" },
    );
    const r = await callTool(tool, { query: "chain rule", num_results: 7 });
    expect(results(r.content)).toEqual([
      { index: 1, title: "The Chain Rule", url: "https://example.org/chain", snippet: "Use the chain rule when & only when…" },
    ]);
    const q = new URL(server!.requests[0]!.url, "http://x").searchParams;
    expect([q.get("q"), q.get("count")]).toEqual(["chain rule", "14"]);
  });
});

describe("retries and failures", () => {
  it("waits for Retry-After after a 429, then succeeds", async () => {
    let calls = 0;
    const tool = await searchTool(
      {
        "/search": (_, res) =>
          ++calls === 1
            ? json(res, { error: "rate limited" }, 429, { "retry-after": "1" })
            : json(res, { results: [{ title: "T", url: "https://example.org/", content: "s" }] }),
      },
      { provider: "tavily", apiKey: "k" },
    );
    const started = Date.now();
    const r = await callTool(tool, { query: "x" });
    expect(r.status).toBe("success");
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("gives up after the retries on a persistent 500 with an error result", async () => {
    const tool = await searchTool({ "/html/": (_, res) => void res.writeHead(500).end("upstream broke") }, { retries: 2 });
    const r = await callTool(tool, { query: "x" });
    expect(r).toEqual({ status: "error", content: "web_search failed (duckduckgo): HTTP 500: upstream broke (after 3 attempts)" });
    expect(server!.requests).toHaveLength(3);
  });

  it("does not wait out a Retry-After beyond its bound", async () => {
    const tool = await searchTool({ "/html/": (_, res) => void res.writeHead(503, { "retry-after": "3600" }).end() }, {});
    const r = await callTool(tool, { query: "x" });
    expect(r.content).toMatch(/asks to wait 3600 s/);
    expect(server!.requests).toHaveLength(1);
  });

  it("answers garbage JSON with an error result", async () => {
    const tool = await searchTool({ "/search": (_, res) => void res.writeHead(200).end("<html>oops</html>") }, { provider: "tavily", apiKey: "k" });
    const r = await callTool(tool, { query: "x" });
    expect(r.status).toBe("error");
    expect(r.content).toMatch(/other than JSON/);
  });

  it("keeps the SSRF rule for a private SEARCH_BASE_URL unless allowed", async () => {
    const tool = await searchTool({ "/html/": (_, res) => void res.writeHead(200).end(DDG_PAGE) }, { allowPrivate: false });
    const r = await callTool(tool, { query: "x" });
    expect(r.content).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(server!.requests).toHaveLength(0);
  });

  it("rejects num_results outside 1..10 before searching", async () => {
    const tool = await searchTool({}, {});
    const r = await callTool(tool, { query: "x", num_results: 11 });
    expect(r.status).toBe("error");
    expect(r.content).toMatch(/Invalid arguments for web_search/);
    expect(server!.requests).toHaveLength(0);
  });
});
