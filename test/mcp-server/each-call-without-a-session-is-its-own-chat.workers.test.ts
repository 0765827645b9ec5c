// A desktop host keeps one MCP connection for all its chats: `ask` and `study` calls that name no session each
// run in a new one, so one chat's turns never reach another chat's model; the result names its session (in the
// text too, which is what many hosts show the model), and passing it continues that conversation.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpClient } from "../support/mcp-worker-client";
import { requests, script } from "../support/model-control";
import { uniqueId } from "../support/worker-http";

let client: Client;

const ask = async (input: string, sessionId?: string) =>
  (await client.callTool({ name: "ask", arguments: { input, ...(sessionId ? { sessionId } : {}) } })) as CallToolResult;
const textOf = (r: CallToolResult) => r.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
const seen = async (key: string) => JSON.stringify((await requests(key)).requests.at(-1)?.messages);

describe("MCP calls that name no session", () => {
  beforeAll(async () => {
    client = await connectMcpClient();
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });

  it("run in a session each, named in the result; a follow-up names it to continue", async () => {
    const first = uniqueId("chat-one");
    const second = uniqueId("chat-two");
    // The first chat's script answers its follow-up too: the model is found by the first marker in what it reads.
    const one = await ask(`${await script(first, [{ text: "Noted, PLUM." }, { text: "PLUM." }])} Chat one: my secret word is PLUM.`);
    const two = await ask(`${await script(second, [{ text: "Nothing yet." }])} Chat two: what do you know about me?`);

    const oneSession = (one.structuredContent as { sessionId: string }).sessionId;
    const twoSession = (two.structuredContent as { sessionId: string }).sessionId;
    expect(oneSession).toMatch(/^mcp-[0-9a-f-]{36}$/);
    expect(twoSession).not.toBe(oneSession);
    expect(await seen(second)).not.toContain("PLUM");
    expect(textOf(one)).toBe(`Noted, PLUM.\n\n(Session ${oneSession}: pass it as sessionId to continue this conversation.)`);

    const again = await ask("What is my secret word?", oneSession);
    expect(again.structuredContent).toMatchObject({ sessionId: oneSession, status: "completed" });
    expect(await seen(first)).toMatch(/my secret word is PLUM.*What is my secret word\?/);
    // A session the caller named needs no reminder of its id.
    expect(textOf(again)).toBe("PLUM.");
  });
});
