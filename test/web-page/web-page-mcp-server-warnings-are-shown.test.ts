// A connected MCP server whose allowTools pattern matches none of its tools showed "0 tools" and nothing else in
// the page's MCP panel: GET /v1/mcp/servers now carries the server's warnings, and the panel says each one.
import { afterEach, describe, expect, it } from "vitest";
import { openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const WARNING = 'MCP server gh: allowTools.0 ("issue_*") matches none of the 2 names it lists (get_issue, get_pr), so it offers nothing.';

let opened: PageOnFakeApi | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe("the MCP panel", () => {
  it("says a connected server's warnings under it", async () => {
    const servers = [
      {
        name: "gh",
        url: "https://gh.example/mcp",
        transport: "streamable-http",
        status: "connected",
        toolCount: 0,
        warnings: [{ server: "gh", code: "mcp_tool_pattern_unmatched", message: WARNING }],
      },
      { name: "notes", url: "https://notes.example/mcp", transport: "streamable-http", status: "connected", toolCount: 3 },
    ];
    opened = await openPageOnFakeApi({
      "/v1/mcp/servers": (_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ servers })),
    });
    const gh = opened.page.locator('.mcp-server[data-server="gh"]');
    await expect.poll(() => gh.locator("p.failed").allTextContents()).toEqual([WARNING]);
    expect(await opened.page.locator('.mcp-server[data-server="notes"] p.failed').count()).toBe(0);
  });
});
