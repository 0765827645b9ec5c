// An MCP server's question during a study or ask run goes to the Worker's own client as an
// elicitation/create on the tool call's own SSE stream (the spec: a call's messages belong to its stream),
// framed with symbols, not English ("❓ ev: …"). It used to go on the standalone GET stream, which a client
// need not open: such a client was never asked, the call waited INPUT_TTL_MS and then said "completed".
// A question the client leaves unanswered until it expires is said in the result. wrangler dev with the
// reference server (server-everything), whose trigger-elicitation-request tool asks for a form.
import { describe, expect, it } from "vitest";
import { SseReader } from "../support/sse-reader";
import { workerWithEverything } from "../support/worker-with-everything";

const PROTOCOL = "2025-11-25";
const { model, url } = workerWithEverything({ INPUT_TTL_MS: "4000" });

const post = (sessionId: string | undefined, message: unknown) =>
  fetch(`${url()}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": PROTOCOL,
      ...(sessionId ? { "mcp-session-id": sessionId } : {}),
    },
    body: JSON.stringify(message),
  });

/** A session whose client answers forms and never opens the GET stream. */
async function formClient(): Promise<string> {
  const init = await post(undefined, {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: PROTOCOL, capabilities: { elicitation: { form: {} } }, clientInfo: { name: "no-get-stream", version: "1" } },
  });
  const sessionId = init.headers.get("mcp-session-id")!;
  await new SseReader(init).rest();
  await (await post(sessionId, { jsonrpc: "2.0", method: "notifications/initialized" })).body?.cancel();
  return sessionId;
}

/** An ask whose run calls the eliciting tool, then says "Thanks."; the call's stream. */
async function askingCall(sessionId: string, key: string): Promise<SseReader> {
  const marker = model.script(key, [{ toolCalls: [{ name: "mcp__ev__trigger-elicitation-request", args: {} }] }, { text: "Thanks." }]);
  const call = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ask", arguments: { input: `${marker} ask me`, sessionId: `mcp-${key}` } } };
  return new SseReader(await post(sessionId, call));
}

type Message = { id?: number; method?: string; params?: Record<string, unknown>; result?: { content: { text: string }[]; structuredContent: object } };
const message = (data: object) => data as Message;

describe("a question forwarded to a client without a GET stream", () => {
  it("is asked on the call's own stream, and the answer lets the run go on", async () => {
    const sessionId = await formClient();
    const key = `own-stream-${Date.now()}`;
    const stream = await askingCall(sessionId, key);
    const first = await stream.until((e) => message(e.data).method !== undefined || message(e.data).id === 2);
    expect(first?.data).toMatchObject({
      method: "elicitation/create",
      params: { mode: "form", message: "❓ ev: Please provide inputs for the following fields:" },
    });

    const answer = { jsonrpc: "2.0", id: message(first!.data).id, result: { action: "accept", content: { name: "Via the call's stream" } } };
    expect((await post(sessionId, answer)).status).toBe(202);
    const result = message((await stream.until((e) => message(e.data).id === 2))!.data).result!;
    expect(result.structuredContent).toMatchObject({ status: "completed", summary: "Thanks." });
    expect(String(model.requests(key)[1]?.messages.find((m) => m.role === "tool")?.content)).toContain("- Name: Via the call's stream");
  });

  it("says in the result that a question left unanswered expired", async () => {
    const sessionId = await formClient();
    const stream = await askingCall(sessionId, `expiring-${Date.now()}`);
    expect((await stream.until((e) => message(e.data).method === "elicitation/create"))?.data).toBeDefined();
    const result = message((await stream.until((e) => message(e.data).id === 2))!.data).result!;
    expect(result.structuredContent).toMatchObject({ status: "completed", summary: "Thanks." });
    expect(result.content[0]!.text).toContain("(ev's question expired unanswered.)");
  });
});
