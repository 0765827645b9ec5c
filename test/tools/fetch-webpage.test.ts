// fetch_webpage over real HTTP on 127.0.0.1: article extraction, the byte cap while streaming,
// non-HTML, timeouts, truncation, HTTP errors and the record of URLs read in the run.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchWebpageTool, FETCHED_URLS, type FetchWebpageOptions } from "../../src/tools/fetch-webpage";
import { countingFetch, startPageServer, streamBody, type PageServer, type StreamStats } from "../support/page-server";
import { callTool, toolContext } from "../support/run-tool";
import { RunState } from "../../src/agent/run-state";

const PARAGRAPHS = [
  "The derivative of a function measures how its output changes as its input changes. Geometrically it is the slope of the tangent line to the graph of the function at a point, and physically it is an instantaneous rate of change such as velocity.",
  "Formally, the derivative of f at a is the limit of the difference quotient (f(a+h) − f(a)) / h as h approaches zero, when that limit exists. A function with a derivative at every point of its domain is called differentiable.",
  "The rules of differentiation — the power rule, the product rule, the quotient rule and the chain rule — let us compute derivatives of complicated functions from the derivatives of simple ones without returning to limits each time.",
];

const ARTICLE = `<!doctype html>
<html lang="en"><head>
  <meta charset="utf-8"><title>What is a derivative? | Calculus Notes</title>
  <meta name="author" content="Ada Example">
  <style>body { font-family: serif }</style>
</head><body>
  <header><nav><a href="/">Home</a> <a href="/courses">All courses</a> <a href="/login">Sign in to your account</a></nav></header>
  <main><article>
    <h1>What is a derivative?</h1>
    ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join("\n    ")}
    <h2>Worked example</h2>
    <pre><code>d/dx x^3 = 3x^2</code></pre>
    <ul><li>Power rule</li><li>Chain rule</li></ul>
  </article></main>
  <aside class="sidebar"><h3>Popular</h3><a href="/ads">Buy our premium course bundle now</a></aside>
  <footer>Copyright 2026 Calculus Notes. Cookie settings. Privacy policy.</footer>
  <script>trackEverything()</script>
</body></html>`;

/** A page whose one paragraph sits `depth` divs deep. */
const nested = (depth: number) =>
  `<!doctype html><html><head><title>Deep</title></head><body>${"<div>".repeat(depth)}<p>${PARAGRAPHS[0]}</p>${"</div>".repeat(depth)}</body></html>`;

const html = (res: ServerResponse, body: string, status = 200) => void res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);

const MAX_BYTES = 512 * 1024;
let server: PageServer;
let huge: StreamStats | undefined;

beforeAll(async () => {
  server = await startPageServer({
    "/article": (_, res) => html(res, ARTICLE),
    "/moved": (_, res) => void res.writeHead(301, { location: "/article" }).end(),
    "/huge": (_, res) => void (huge = streamBody(res, 20 * 1024 * 1024)),
    "/paper.pdf": (_, res) => void res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7 binary"),
    "/photo.png": (_, res) => void res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    "/data.json": (_, res) => void res.writeHead(200, { "content-type": "application/json" }).end('{"answer":42}'),
    "/latin1": (_, res) => void res.writeHead(200, { "content-type": "text/plain; charset=iso-8859-1" }).end(Buffer.from("caf\xe9 cr\xe8me", "latin1")),
    "/slow": () => {}, // never answers
    "/missing": (_, res) => html(res, "<html><head></head><body><p>Not here</p></body></html>", 404),
    "/broken": (_, res) => html(res, "oops", 503),
    "/deep": (_, res) => html(res, nested(4000)),
    "/nested-100": (_, res) => html(res, nested(100)),
  });
});
afterAll(() => server.close());

function tool(opts: Partial<FetchWebpageOptions> = {}) {
  return createFetchWebpageTool({ allowPrivate: true, maxBytes: MAX_BYTES, timeoutMs: 3_000, maxChars: 20_000, ...opts });
}

describe("fetch_webpage", () => {
  it("returns the readable article: title, byline, paragraphs, no page chrome", async () => {
    const runState = new RunState();
    const r = await callTool(tool(), { url: server.url("/article") }, toolContext({ runState }));
    expect(r.status).toBe("success");
    const page = JSON.parse(r.content);
    expect(page).toMatchObject({ url: server.url("/article"), title: "What is a derivative? | Calculus Notes", byline: "Ada Example", truncated: false });
    for (const p of PARAGRAPHS) expect(page.content).toContain(p);
    expect(page.content).toContain("## Worked example");
    expect(page.content).toContain("```\nd/dx x^3 = 3x^2\n```");
    expect(page.content).toContain("- Power rule\n\n- Chain rule");
    for (const chrome of ["Sign in to your account", "premium course bundle", "Cookie settings", "trackEverything", "font-family"]) {
      expect(page.content).not.toContain(chrome);
    }
    expect(page.length).toBe(page.content.length);
    expect(runState.get(FETCHED_URLS)).toEqual(new Set([server.url("/article")]));
  });

  it("records both the requested and the final URL of a redirect", async () => {
    const runState = new RunState({ [FETCHED_URLS]: new Set(["https://earlier.example/"]) });
    const r = await callTool(tool(), { url: server.url("/moved") }, toolContext({ runState }));
    expect(JSON.parse(r.content).url).toBe(server.url("/article"));
    expect(runState.get(FETCHED_URLS)).toEqual(new Set(["https://earlier.example/", server.url("/moved"), server.url("/article")]));
  });

  it("stops reading a 20 MB page at the byte cap and closes the connection", async () => {
    const counting = countingFetch();
    const r = await callTool(tool({ fetch: counting.fetch, maxChars: 2 * MAX_BYTES }), { url: server.url("/huge") });
    await huge!.done;
    expect(r.status).toBe("success");
    const page = JSON.parse(r.content);
    expect(page.truncated).toBe(true);
    expect(page.content.endsWith(`[… page truncated at ${MAX_BYTES} bytes …]`)).toBe(true);
    expect(counting.pulled()).toBeLessThanOrEqual(MAX_BYTES + 64 * 1024);
    expect(huge!.closedEarly).toBe(true);
    expect(huge!.sentBytes).toBeLessThan(20 * 1024 * 1024);
  });

  it("cuts long content at max_chars with a visible marker", async () => {
    const r = await callTool(tool(), { url: server.url("/article"), max_chars: 300 });
    const page = JSON.parse(r.content);
    expect(page.truncated).toBe(true);
    expect(page.length).toBeGreaterThan(300);
    expect(page.content).toMatch(new RegExp(`^[\\s\\S]{300}\\n\\n\\[… truncated at 300 chars of ${page.length} …\\]$`));
  });

  it("never returns more than the configured maxChars, whatever the model asks", async () => {
    const r = await callTool(tool({ maxChars: 200 }), { url: server.url("/article"), max_chars: 100_000 });
    expect(JSON.parse(r.content).content).toContain("[… truncated at 200 chars of");
  });

  it.each([
    ["/paper.pdf", /application\/pdf .*not a web page/],
    ["/photo.png", /image\/png .*not a web page/],
  ])("answers %s with a note instead of content", async (path, note) => {
    const runState = new RunState();
    const r = await callTool(tool(), { url: server.url(path) }, toolContext({ runState }));
    expect(r.status).toBe("error");
    expect(r.content).toMatch(note);
    expect(runState.has(FETCHED_URLS)).toBe(false);
  });

  it("returns JSON and plain text as they are, decoded by their charset", async () => {
    const data = JSON.parse((await callTool(tool(), { url: server.url("/data.json") })).content);
    expect(data).toMatchObject({ content: '{"answer":42}', truncated: false });
    const text = JSON.parse((await callTool(tool(), { url: server.url("/latin1") })).content);
    expect(text.content).toBe("café crème");
  });

  it("gives up at the timeout with an error result", async () => {
    const started = Date.now();
    const r = await callTool(tool({ timeoutMs: 300 }), { url: server.url("/slow") });
    expect(r).toEqual({ status: "error", content: `Could not fetch ${server.url("/slow")}: timed out after 300 ms` });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ["/missing", 404],
    ["/broken", 503],
  ])("answers HTTP errors (%s) as error results and records nothing", async (path, status) => {
    const runState = new RunState();
    const r = await callTool(tool(), { url: server.url(path) }, toolContext({ runState }));
    expect(r).toEqual({ status: "error", content: `Could not fetch ${server.url(path)}: the server answered HTTP ${status}.` });
    expect(runState.has(FETCHED_URLS)).toBe(false);
  });

  it("refuses a page nested deeper than maxDepth with an error result saying so, quickly, and records nothing", async () => {
    const runState = new RunState();
    const started = performance.now();
    const r = await callTool(tool(), { url: server.url("/deep") }, toolContext({ runState }));
    expect(r).toMatchObject({
      status: "error",
      content: `Could not read ${server.url("/deep")}: the page nests its elements more than 512 deep, too deep to extract its text.`,
    });
    // Read, extraction's work grows with the square of the depth: 4000 deep took 12 s.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(runState.has(FETCHED_URLS)).toBe(false);
    // The limit is the option's (FETCH_MAX_DEPTH).
    expect((await callTool(tool({ maxDepth: 32 }), { url: server.url("/nested-100") })).status).toBe("error");
    expect((await callTool(tool({ maxDepth: 1000 }), { url: server.url("/nested-100") })).status).toBe("success");
  });

  it("refuses loopback without allowPrivate, before any request", async () => {
    const before = server.requests.length;
    const r = await callTool(tool({ allowPrivate: false }), { url: server.url("/article") });
    expect(r.status).toBe("error");
    expect(r.content).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(server.requests.length).toBe(before);
  });

  it("answers an unreachable host and a bad URL with error results", async () => {
    const closed = await startPageServer({});
    const url = closed.url("/");
    await closed.close();
    expect((await callTool(tool(), { url })).content).toMatch(/^Could not fetch .*: could not fetch: /);
    expect((await callTool(tool(), { url: "not a url" })).content).toMatch(/not a valid absolute URL/);
  });
});
