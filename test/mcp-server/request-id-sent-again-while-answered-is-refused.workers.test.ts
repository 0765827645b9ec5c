// A tools/call sent again with the id of a call the session is still answering (a client retrying its POST
// instead of resuming the stream with Last-Event-ID; the spec forbids reusing an id in a session) is refused
// with -32600 naming the id. It used to start a second run, and the first call's answer came back on the
// second stream while the first stream waited for ever. The first call goes on and answers on its own stream.
import { expect, it } from "vitest";
import { openMcpSession, postMcp, toolCall } from "../support/mcp-raw-session";
import { requests, script } from "../support/model-control";
import { SseReader } from "../support/sse-reader";
import { waitFor } from "../support/wait-for";
import { uniqueId } from "../support/worker-http";

it("refuses the repeat and answers the first call on its own stream", async () => {
  const mcp = await openMcpSession();
  const key = uniqueId("dup");
  const marker = await script(key, [{ text: "answer one", delayMs: 1000 }, { text: "answer two" }]);
  const call = toolCall(9, "ask", { input: `${marker} hi`, sessionId: uniqueId("mcp-dup") });
  const first = new SseReader(await postMcp(mcp, call));
  // The first call is being answered: its run has asked the model, whose reply takes a second.
  await waitFor(async () => (await requests(key)).requests.length === 1, "the first call's run to ask the model");

  const again = await postMcp(mcp, call);
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ error: { code: -32600, message: expect.stringContaining("Request id 9 is in use") } });

  const answer = await first.until((e) => (e.data as { id?: number }).id === 9);
  expect(answer?.data).toMatchObject({ result: { structuredContent: { status: "completed", summary: "answer one" } } });
  expect((await requests(key)).requests).toHaveLength(1);

  // Answered, the id is free again.
  const later = new SseReader(await postMcp(mcp, { jsonrpc: "2.0", id: 9, method: "tools/list" }));
  expect((await later.until((e) => (e.data as { id?: number }).id === 9))?.data).toMatchObject({ result: { tools: expect.any(Array) } });
});
