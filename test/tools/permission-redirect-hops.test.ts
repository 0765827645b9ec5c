// A host rule on fetch_webpage judges every redirect hop, in the real loop: an allowed URL that
// redirects to a denied host is refused at that hop, and the denied page is never requested.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolResultMessage } from "../../src/agent/messages";
import { PermissionPolicy, type PermissionRule } from "../../src/lib/permissions";
import { createFetchWebpageTool } from "../../src/tools/fetch-webpage";
import { LoopHarness } from "../support/loop-harness";
import { startPageServer, type PageServer } from "../support/page-server";

const h = new LoopHarness();
let server: PageServer;
const SECRET = "The admin password is hunter2, and the page is long enough to count as an article.";

beforeAll(async () => {
  server = await startPageServer({
    "/go": (_, res) => void res.writeHead(302, { location: `http://localhost:${new URL(server.origin).port}/secret` }).end(),
    "/go-dots": (_, res) => void res.writeHead(302, { location: `http://localhost..:${new URL(server.origin).port}/secret` }).end(),
    "/secret": (_, res) => void res.writeHead(200, { "content-type": "text/plain" }).end(SECRET),
    "/page": (_, res) => void res.writeHead(200, { "content-type": "text/plain" }).end("An ordinary public page about derivatives."),
  });
});
afterAll(() => server.close());

// Every host the test names reaches the local server; only the permission rules tell them apart.
const anyHostToServer: typeof fetch = (input, init) => {
  const url = new URL(String(input));
  return fetch(`${server.origin}${url.pathname}${url.search}`, init);
};
const RULES: PermissionRule[] = [{ tool: "fetch_webpage", when: { url: { host: "localhost" } }, action: "deny" }];

async function fetchThroughLoop(url: string) {
  const policy = new PermissionPolicy(RULES);
  const tool = createFetchWebpageTool({ allowPrivate: true, maxBytes: 1 << 20, timeoutMs: 5_000, maxChars: 5_000, fetch: anyHostToServer });
  const before = server.requests.length;
  const { messages } = await h.run([{ toolCalls: [{ name: "fetch_webpage", args: { url } }] }, { text: "done" }], {
    tools: [tool],
    hooks: [
      {
        trusted: true,
        beforeToolCall: ({ tool, args }) => {
          const d = policy.decide(tool, args);
          return d.action === "deny" ? { action: "deny", reason: d.reason } : { action: d.action };
        },
      },
    ],
  });
  const result = messages.find((m): m is ToolResultMessage => m.role === "tool")!;
  return { result, paths: server.requests.slice(before).map((r) => r.url) };
}

describe("host rules on every redirect hop", () => {
  it.each(["/go", "/go-dots"])("an allowed URL redirecting to a denied host (%s) is refused at the hop", async (path) => {
    const { result, paths } = await fetchThroughLoop(`http://public.example.com${path}`);
    expect(result.content).toContain("redirect to http://localhost");
    expect(result.content).toContain("permission policy forbids");
    expect(result.content).not.toContain("hunter2");
    expect(paths).toEqual([path]);
  });

  it("a URL without a redirect to a denied host is read as before", async () => {
    const { result } = await fetchThroughLoop("http://public.example.com/page");
    expect(result.content).toContain("ordinary public page");
  });

  it("the denied host itself, spelled with trailing dots, is refused before any request", async () => {
    const { result, paths } = await fetchThroughLoop(`http://localhost..:${new URL(server.origin).port}/secret`);
    expect(result.content).toContain("Permission denied");
    expect(paths).toEqual([]);
  });
});
