// RUN_STEPS_PER_INVOCATION: what a run has learnt about itself (the pages it read, the reminders it was
// shown) survives the end of an invocation. Driven one step per invocation, a lesson citing pages read
// four steps earlier saves as it does in one invocation (not as a draft "not fetched in this run"), and
// every model request is the one the same run makes in one invocation: a todo reminder, once shown,
// stays where it was.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { settledRun } from "../../support/session-api";
import { steppedSession } from "../../support/stepped-session";
import { lessonCiting } from "../../support/study-script";
import { call, uniqueId } from "../../support/worker-http";

const pages = [`${String(env.SEARCH_BASE_URL)}/articles/derivatives`, `${String(env.SEARCH_BASE_URL)}/articles/limits`];

async function runOnce(sessionId: string, filename: string) {
  const key = uniqueId("k");
  const marker = await script(key, [
    { toolCalls: pages.map((url) => ({ name: "fetch_webpage", args: { url } })) },
    { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
    { toolCalls: [{ name: "calculate", args: { expression: "42+1" } }] },
    { toolCalls: [{ name: "calculate", args: { expression: "43*2" } }] },
    { toolCalls: [{ name: "save_document", args: { filename, content: lessonCiting(pages), topic: "calculus", title: "Derivatives" } }] },
    { text: "Your lesson is saved." },
  ]);
  const res = await call(`/v1/sessions/${sessionId}/runs`, { method: "POST", json: { input: `${marker} Teach me derivatives.`, stream: true } });
  const runId = res.headers.get("x-run-id")!;
  await res.text();
  const run = await settledRun(sessionId, runId);
  const seen = (await requests(key)).requests.map((r) =>
    JSON.stringify(r.messages.map((m) => ({ role: m.role, content: m.content, calls: m.tool_calls })))
      .replaceAll(marker, "MARKER")
      .replace(/call_[\w-]+/g, "CALL")
      .replaceAll(filename, "FILE"),
  );
  return { run: { status: run.status, steps: run.steps }, seen };
}

describe("a run driven step by step", () => {
  it("keeps the pages it read and the reminders it was shown across its invocations", async () => {
    const whole = await runOnce(uniqueId(), uniqueId("whole"));
    const sid = uniqueId();
    await steppedSession(sid, 1);
    const stepped = await runOnce(sid, uniqueId("stepped"));

    expect(whole.run).toEqual({ status: "completed", steps: 6 });
    expect(stepped.run).toEqual(whole.run);
    // The save's result: saved, not a draft for a source "not fetched in this run".
    const saveResult = JSON.parse(stepped.seen[5]!) as Array<{ role: string; content: unknown }>;
    const text = String(saveResult.findLast((m) => m.role === "tool")!.content);
    expect(text).not.toContain("not fetched");
    expect(text).not.toContain("DRAFT");
    // The reminder first shown before the fourth call is in the fifth and sixth requests too, at the same place.
    expect(whole.seen[3]).toContain("Reminder from the agent harness");
    expect(stepped.seen).toEqual(whole.seen);
  });
});
