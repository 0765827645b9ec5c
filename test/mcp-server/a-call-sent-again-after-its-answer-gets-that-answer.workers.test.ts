// A tools/call sent again with the id and arguments of a call the session already answered is a client's
// retry after its connection dropped (the spec forbids reusing an id in a session): it gets the first answer
// again (as JSON) and nothing runs a second time: no second run, no second course. A call the session is
// still answering is refused (request-id-sent-again-while-answered-is-refused); a failed call is not replayed
// (its retry runs again, as an HTTP one does); the id with other arguments is a new call.
import { expect, it } from "vitest";
import { openMcpSession, postMcp, toolCall } from "../support/mcp-raw-session";
import { requests, script } from "../support/model-control";
import { SseReader } from "../support/sse-reader";
import { call, uniqueId } from "../support/worker-http";

type Answer = { id?: number; result?: { isError?: boolean; structuredContent?: Record<string, unknown> } };

/** The answer to request `id` on a POST's stream. */
const answerOf = async (res: Response, id: number) => (await new SseReader(res).until((e) => (e.data as Answer).id === id))?.data as Answer;

it("a study call retried after its answer gets that answer, and runs once", async () => {
  const mcp = await openMcpSession();
  const key = uniqueId("again");
  const marker = await script(key, [{ text: "answer one" }, { text: "answer two" }, { text: "answer three" }]);
  const ask = toolCall(9, "ask", { input: `${marker} hi`, sessionId: uniqueId("mcp-again") });
  const first = await answerOf(await postMcp(mcp, ask), 9);
  expect(first.result?.structuredContent).toMatchObject({ status: "completed", summary: "answer one" });

  const again = await postMcp(mcp, ask);
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ jsonrpc: "2.0", ...first });
  expect((await requests(key)).requests).toHaveLength(1);

  // The id with other arguments is another call.
  const other = await answerOf(await postMcp(mcp, toolCall(9, "ask", { input: `${marker} bye`, sessionId: uniqueId("mcp-again") })), 9);
  expect(other.result?.structuredContent).toMatchObject({ summary: "answer two" });
  expect((await requests(key)).requests).toHaveLength(2);
});

it("a create_course call retried after its answer creates one course", async () => {
  const mcp = await openMcpSession();
  const topic = `${await script(uniqueId("k"), [{ text: "1. One" }])} Retried vectors`;
  const create = toolCall(4, "create_course", { topic });
  const first = await answerOf(await postMcp(mcp, create), 4);
  const again = await postMcp(mcp, create);
  expect(await again.json()).toEqual({ jsonrpc: "2.0", ...first });
  const list = (await (await call("/v1/courses")).json()) as { courses: Array<{ id: string; topic: string }> };
  const made = list.courses.filter((c) => c.topic === topic);
  expect(made).toEqual([expect.objectContaining({ id: first.result?.structuredContent?.id })]);
  for (const c of made) await call(`/v1/courses/${c.id}`, { method: "DELETE" });
});

it("a failed call is not answered from memory: its retry runs again", async () => {
  const mcp = await openMcpSession();
  const key = uniqueId("again-failed");
  const marker = await script(key, [{ status: 400 }, { text: "recovered" }]);
  const ask = toolCall(3, "ask", { input: `${marker} hi`, sessionId: uniqueId("mcp-again") });
  expect((await answerOf(await postMcp(mcp, ask), 3)).result?.isError).toBe(true);
  const retry = await answerOf(await postMcp(mcp, ask), 3);
  expect(retry.result?.structuredContent).toMatchObject({ status: "completed", summary: "recovered" });
});

it("an answer too long to keep (a row under SQLite's 2 MB) is sent all the same, and its retry runs again", async () => {
  const mcp = await openMcpSession();
  const key = uniqueId("again-big");
  const big = "x".repeat(1_100_000);
  const marker = await script(key, [{ text: big }, { text: "small" }]);
  const ask = toolCall(5, "ask", { input: `${marker} hi`, sessionId: uniqueId("mcp-again") });
  expect((await answerOf(await postMcp(mcp, ask), 5)).result?.structuredContent).toMatchObject({ status: "completed", summary: big });
  expect((await answerOf(await postMcp(mcp, ask), 5)).result?.structuredContent).toMatchObject({ summary: "small" });
});
