// A person's approval is of the call they were shown. Model servers repeat tool call ids across replies
// (each reply's calls numbered from call_0 again), so a later call of the same run (or of a subagent the
// run starts) may carry an approved call's id: it is asked about in its own right, never run on that approval.
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { decide, messages, settledRun, startRun, trace } from "../../support/session-api";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";

const asked = (expression: string, id: string) => ({ toolCalls: [{ name: "calculate", id, args: { expression } }] });

async function approveFirst(sid: string, input: string): Promise<string> {
  const paused = await startRun(sid, input);
  expect(paused).toMatchObject({ status: "awaiting_approval", pending: [{ args: { expression: `${ASK_PREFIX}1` } }] });
  expect((await decide(sid, paused.pending![0]!.approvalId, { decision: "allow" })).status).toBe(200);
  return paused.runId;
}

describe("an approval covers its call, not a later call that reuses its id", () => {
  it("a later call of the run with the approved call's id waits for its own approval", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [asked(`${ASK_PREFIX}1`, "call_0"), asked(`${ASK_PREFIX}2`, "call_0"), { text: "done" }]);
    const sid = uniqueId();
    const runId = await approveFirst(sid, `${marker} two sums`);

    const second = await settledRun(sid, runId);
    expect(second.status).toBe("awaiting_approval");
    expect(second.pending).toMatchObject([{ name: "calculate", args: { expression: `${ASK_PREFIX}2` } }]);
    // Only the approved call ran.
    const ran = (await messages(sid)).filter((m) => m.role === "tool");
    expect(ran).toHaveLength(1);
    expect(ran[0]!.content).toContain("1112");
  });

  it("a subagent's call with the approved call's id is handed back to the parent, not run", async () => {
    const child = uniqueId("child");
    const childMarker = await script(child, [asked(`${ASK_PREFIX}3`, "call_0"), { text: "could not" }]);
    const key = uniqueId("k");
    const marker = await script(key, [
      asked(`${ASK_PREFIX}1`, "call_0"),
      { toolCalls: [{ name: "task", id: "call_1", args: { prompt: `${childMarker} one sum` } }] },
      { text: "done" },
    ]);
    const sid = uniqueId();
    const runId = await approveFirst(sid, `${marker} delegate`);

    expect(await settledRun(sid, runId)).toMatchObject({ status: "completed" });
    const childResult = (await trace(sid)).find((e) => e.type === "tool.finished" && e.data.agent && e.data.name === "calculate");
    expect(String(childResult?.data.output)).toContain("needs a person's approval");
    expect(String(childResult?.data.output)).not.toContain("1114");
  });
});
