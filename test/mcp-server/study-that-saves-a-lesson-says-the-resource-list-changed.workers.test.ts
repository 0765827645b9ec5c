// The server declares resources.listChanged, so a call whose run saves a lesson sends
// notifications/resources/list_changed (on the call's own stream, before its result): a host that caches
// the resource list (Claude Code's @ picker) refreshes it. A call that saves nothing sends none.
import { env } from "cloudflare:workers";
import { ResourceListChangedNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, it } from "vitest";
import { fileMcpClient } from "../support/mcp-worker-client";
import { script } from "../support/model-control";
import { studyReplies } from "../support/study-script";
import { uniqueId } from "../support/worker-http";

const client = fileMcpClient();

it("announces the new lesson, and nothing after a call that saved none", async () => {
  let changed = 0;
  client().setNotificationHandler(ResourceListChangedNotificationSchema, () => void changed++);
  expect(client().getServerCapabilities()?.resources).toMatchObject({ listChanged: true });

  const quiet = uniqueId("mcp-quiet");
  await client().callTool({ name: "ask", arguments: { input: `${await script(quiet, [{ text: "Nothing to save." }])} hi`, sessionId: quiet } });
  expect(changed).toBe(0);

  const filename = uniqueId("mcp-listed");
  const marker = await script(filename, studyReplies(String(env.SEARCH_BASE_URL), filename));
  const result = (await client().callTool({ name: "study", arguments: { topic: `${marker} derivatives` } }, undefined, { timeout: 25_000 })) as CallToolResult;
  expect(result.structuredContent).toMatchObject({ lessons: [{ key: `${filename}.md` }] });
  await expect.poll(() => changed).toBe(1);
});
