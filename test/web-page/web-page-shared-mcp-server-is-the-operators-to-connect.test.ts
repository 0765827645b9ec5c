// The MCP servers panel, in Chromium against a fake /v1: a shared server the caller may not connect (a tenant's
// page: no authorization link for it) shows no Connect, which the server would refuse with 403, and says who
// connects it in the page's words; a server of the caller's own keeps its Connect.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

let opened: PageOnFakeApi;
const servers = [
  {
    name: "team",
    status: "needs_authorization",
    url: "https://team.example/mcp",
    transport: "http",
    toolCount: 0,
    shared: true,
    error: "MCP server team has one connection for the whole deployment, which only the operator (API_TOKEN) may change.",
  },
  {
    name: "docs",
    status: "needs_authorization",
    url: "https://docs.example/mcp",
    transport: "http",
    toolCount: 0,
    authorizationUrl: "https://auth.example/consent",
  },
];

describe("a shared MCP server on a tenant's page", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi({
      "/v1/mcp/servers": (_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ servers })),
    });
  }, 60_000);
  afterAll(() => opened?.close());

  it("has no Connect, and says whoever runs the server connects it; the tenant's own server keeps its Connect", async () => {
    const team = opened.page.locator('li[data-server="team"]');
    await expect.poll(() => team.textContent()).toContain("whoever runs the server connects it");
    expect(await team.getByRole("button").count()).toBe(0);
    expect(await team.textContent()).not.toContain("only the operator");
    expect(await opened.page.getByRole("button", { name: "Connect docs" }).count()).toBe(1);
  });
});
