// An MCP `ask` whose run waits for a person's approval names every call it waits for, each with the route that
// decides it: one reply with two calls an `ask` rule catches named only the last, and deciding that one left the
// run waiting for the other, which the result never named.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpClient } from "../support/mcp-worker-client";
import { script } from "../support/model-control";
import { decide, settledRun } from "../support/session-api";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { uniqueId } from "../support/worker-http";

let client: Client;
beforeAll(async () => {
  client = await connectMcpClient();
}, 30_000);
afterAll(async () => {
  await client?.close();
});

const sum = (n: number) => ({ name: "calculate", args: { expression: `${ASK_PREFIX}${n}` } });

describe("an MCP ask call whose run waits for approvals", () => {
  it("names each call with its route, and deciding them all finishes the run", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [sum(1), sum(2)] }, { text: "1112 and 1113." }]);
    const result = (await client.callTool({ name: "ask", arguments: { input: `${marker} add both` } })) as CallToolResult;
    const { sessionId, runId, status } = result.structuredContent as { sessionId: string; runId: string; status: string };
    expect(status).toBe("awaiting_approval");
    const text = result.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
    expect(text).toContain("waiting for a person to approve 2 calls; it goes on once each is decided");
    const routes = [...text.matchAll(/- calculate: \S+\/v1\/sessions\/[^/]+\/approvals\/(appr_\w+)/g)].map((m) => m[1]!);
    expect(routes).toHaveLength(2);

    for (const approvalId of routes) expect((await decide(sessionId, approvalId, { decision: "allow" })).status).toBe(200);
    expect(await settledRun(sessionId, runId)).toMatchObject({ status: "completed", output: "1112 and 1113." });
  });
});
