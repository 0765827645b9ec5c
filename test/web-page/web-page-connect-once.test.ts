// The MCP servers panel's *Connect* on the real page, in Chromium against a fake /v1: a double click is one
// authorize request and one consent window (the button is disabled while the request is pending; it sent two
// and opened two), and a failed request enables the button again with why beside it, so pressing it again works.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const AUTHORIZE = "/v1/mcp/servers/docs/authorize";
let opened: PageOnFakeApi;
let failNext = false;
/** The fake's authorize answers wait on this: open unless a test holds them, so that a second click comes while the first's request is pending. */
let answers: Promise<void> = Promise.resolve();
let letAnswersGo = () => {};
const holdAnswers = () => void (answers = new Promise<void>((resolve) => (letAnswersGo = resolve)));

describe("Connect on an MCP server that needs authorization", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      {
        "/v1/mcp/servers": (_req, res) =>
          void res
            .writeHead(200, { "content-type": "application/json" })
            .end(
              JSON.stringify({ servers: [{ name: "docs", status: "needs_authorization", url: "https://mcp.example/mcp", transport: "http", toolCount: 0 }] }),
            ),
        [AUTHORIZE]: async (_req, res) => {
          await answers;
          if (failNext) {
            failNext = false;
            return void res
              .writeHead(502, { "content-type": "application/json" })
              .end('{"error":{"code":"mcp_authorization_failed","message":"Could not start authorizing MCP server docs: the provider is down"}}');
          }
          res.writeHead(200, { "content-type": "application/json" }).end('{"authorizationUrl":"https://auth.example/consent"}');
        },
      },
      // The consent window, counted instead of opened.
      "window.opened = []; window.open = (url) => { window.opened.push(url); return null; };",
    );
  }, 60_000);
  afterAll(async () => {
    letAnswersGo();
    await opened?.close();
  });

  it("sends one authorize request and opens one window for a double click", async () => {
    const connect = opened.page.getByRole("button", { name: "Connect docs" });
    holdAnswers();
    await connect.dblclick();
    // Both clicks are in (dblclick returns once they are dispatched), the first's request is held at the fake.
    await expect.poll(() => opened.posts(AUTHORIZE).length).toBeGreaterThanOrEqual(1);
    letAnswersGo();
    await expect.poll(() => opened.page.evaluate("window.opened.length")).toBe(1);
    await expect.poll(() => connect.isEnabled()).toBe(true);
    expect(opened.posts(AUTHORIZE)).toHaveLength(1);
    expect(await opened.page.evaluate("window.opened.length")).toBe(1);
  });

  it("enables the button again after a failure, saying why beside it", async () => {
    failNext = true;
    const connect = opened.page.getByRole("button", { name: "Connect docs" });
    await connect.click();
    const failure = opened.page.locator('li[data-server="docs"] [role="alert"]');
    await expect
      .poll(() => failure.textContent())
      .toMatch(/Could not connect docs: Authorizing this MCP server could not be started\. Please try again later\.$/);
    expect(await failure.isVisible()).toBe(true);
    await expect.poll(() => connect.isEnabled()).toBe(true);
    await connect.click();
    await expect.poll(() => opened.page.evaluate("window.opened.length")).toBe(2);
    expect(await failure.isVisible()).toBe(false);
    expect(opened.posts(AUTHORIZE)).toHaveLength(3);
  });
});
