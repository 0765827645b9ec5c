// The list methods return everything on their first page and issue no cursors, so a cursor is one this
// server never gave: it is refused with Invalid params (-32602), as the spec asks, instead of silently
// answering with the first page.
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";

const client = fileMcpClient();

it.each([
  ["tools/list", () => client().listTools({ cursor: "bogus" })],
  ["prompts/list", () => client().listPrompts({ cursor: "bogus" })],
  ["resources/list", () => client().listResources({ cursor: "bogus" })],
  ["resources/templates/list", () => client().listResourceTemplates({ cursor: "bogus" })],
])("%s refuses a cursor", async (_method, list) => {
  await expect(list()).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringMatching(/Invalid cursor "bogus"/) });
});

it("answers a list without a cursor with everything and no next cursor", async () => {
  const tools = await client().listTools();
  expect(tools.tools.length).toBeGreaterThan(0);
  expect(tools.nextCursor).toBeUndefined();
});
