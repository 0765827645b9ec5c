// Model servers number each reply's calls from call_0 again, so a run's waiting call may carry the id of a
// call it already ran. When such a run will not resume (cancelled, or a newer message came first), its
// waiting call is still answered and its approval closed: the earlier result with the same id answers the
// earlier call, not this one. Otherwise the model's next request holds a tool call with no result, which an
// OpenAI-compatible server refuses (400).
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { decide, messages, settledRun, startRun, type RunBody } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { call, uniqueId } from "../../support/worker-http";

const asked = (expression: string) => ({ toolCalls: [{ name: "calculate", id: "call_0", args: { expression } }] });

/** A run whose first call (call_0) was approved and ran, now waiting for approval of a second call also named call_0. */
async function waitingOnAReusedId(key: string, sid: string): Promise<RunBody> {
  const marker = await script(key, [asked(`${ASK_PREFIX}1`), asked(`${ASK_PREFIX}2`), { text: "Fine, something else then." }]);
  const first = await startRun(sid, `${marker} two sums`);
  expect((await decide(sid, first.pending![0]!.approvalId, { decision: "allow" })).status).toBe(200);
  const waiting = await settledRun(sid, first.runId);
  expect(waiting).toMatchObject({ status: "awaiting_approval", pending: [{ callId: "call_0", args: { expression: `${ASK_PREFIX}2` } }] });
  return waiting;
}

/** Each tool call in a Chat Completions request followed by its result before the next assistant or user turn. */
function everyCallAnswered(sent: Array<{ role: string; tool_calls?: unknown; tool_call_id?: string }>): boolean {
  return sent.every((m, i) => {
    const ids = ((m.tool_calls as Array<{ id: string }> | undefined) ?? []).map((c) => c.id);
    const after = sent.slice(i + 1);
    const end = after.findIndex((r) => r.role !== "tool");
    const results = (end < 0 ? after : after.slice(0, end)).map((r) => r.tool_call_id);
    return ids.every((id) => results.includes(id));
  });
}

describe("a waiting call that reuses an answered call's id", () => {
  it("is answered when a newer message supersedes its run, so the model sees a well-formed history", async () => {
    const key = uniqueId("k");
    const sid = uniqueId();
    const waiting = await waitingOnAReusedId(key, sid);
    expect(await startRun(sid, "never mind that")).toMatchObject({ status: "completed", output: "Fine, something else then." });

    expect((await messages(sid)).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "user", "assistant"]);
    const sent = (await requests(key)).requests[2]!.messages;
    expect(sent.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "tool", "user"]);
    expect(everyCallAnswered(sent)).toBe(true);
    expect((await decide(sid, waiting.pending![0]!.approvalId, { decision: "allow" })).status).toBe(409);
  });

  it("is answered and its approval closed when its run is cancelled", async () => {
    const sid = uniqueId();
    const waiting = await waitingOnAReusedId(uniqueId("k"), sid);
    expect((await call(`/v1/sessions/${sid}/runs/${waiting.runId}/cancel`, { method: "POST" })).status).toBe(202);
    const results = (await messages(sid)).filter((m) => m.role === "tool");
    expect(results.map((m) => m.content)).toEqual([expect.stringContaining("1112"), expect.stringContaining("the run was cancelled first")]);
    expect((await decide(sid, waiting.pending![0]!.approvalId, { decision: "allow" })).status).toBe(409);
  });
});
