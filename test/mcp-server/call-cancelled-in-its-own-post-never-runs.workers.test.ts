// A notifications/cancelled that reaches the server before the call's handler listens (here in the call's
// own POST, the one order that is certain; under load also while the run starts) cancels it: the run the
// client gave up on never starts, or is cancelled, instead of running to its end unseen (the SDK sends no
// answer to a cancelled call). A destructive study or ask must not go on after the client said stop.
import { expect, it } from "vitest";
import { openMcpSession, postMcp, toolCall } from "../support/mcp-raw-session";
import { requests, script } from "../support/model-control";
import { SseReader } from "../support/sse-reader";
import { uniqueId } from "../support/worker-http";

it("a call cancelled in the POST that carries it runs nothing", async () => {
  const mcp = await openMcpSession();
  const key = uniqueId("cancel-batch");
  const marker = await script(key, [{ text: "answer one" }, { text: "answer two" }]);
  const agentSession = uniqueId("mcp-cancelled");
  const res = await postMcp(mcp, [
    toolCall(5, "ask", { input: `${marker} hi`, sessionId: agentSession }),
    { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5, reason: "the user pressed Esc" } },
  ]);
  await res.body?.cancel();
  // A later call in the same agent session: a session's runs take turns in the order they started, so a run
  // the cancelled call started would have asked the model (for "answer one") before this one is answered.
  const later = new SseReader(await postMcp(mcp, toolCall(6, "ask", { input: `${marker} still there?`, sessionId: agentSession })));
  const answer = await later.until((e) => (e.data as { id?: number }).id === 6);
  expect(answer?.data).toMatchObject({ result: { structuredContent: { status: "completed", summary: "answer one" } } });
  expect((await requests(key)).requests).toHaveLength(1);
});
