// A run's state over RUN_STATE_MAX_CHARS is not stored (a row value has a limit): the run goes on and
// ends, and its trace says that an invocation continuing it starts without that state. Here the
// state grows with todo reminders, each carrying a long list, in a run driven one step per invocation.
import { describe, expect, it } from "vitest";
import { RUN_STATE_MAX_CHARS } from "../../../src/session/session-store";
import { script } from "../../support/model-control";
import { settledRun, trace } from "../../support/session-api";
import { steppedSession } from "../../support/stepped-session";
import { call, uniqueId } from "../../support/worker-http";

const todos = Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, text: `${"Read and summarise a long source ".repeat(14)}#${i}`, status: "pending" }));
const calc = { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] };

describe("a run whose state outgrows its row", () => {
  it("goes on to the end, and its trace warns that the state was not kept", async () => {
    const reminder = JSON.stringify(todos).length;
    // Enough reminders (from the fourth idle step on, one per step) to pass the limit, within MAX_STEPS.
    const idleSteps = 3 + Math.ceil(RUN_STATE_MAX_CHARS / reminder) + 1;
    expect(idleSteps).toBeLessThan(23);
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "todo_write", args: { todos } }] },
      ...Array.from({ length: idleSteps }, () => calc),
      { text: "Done." },
    ]);
    const sid = uniqueId();
    await steppedSession(sid, 1);
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} Plan, then work.`, stream: true } });
    const runId = res.headers.get("x-run-id")!;
    await res.text();

    expect(await settledRun(sid, runId, 30_000)).toMatchObject({ status: "completed", output: "Done.", steps: idleSteps + 2 });
    const warnings = (await trace(sid)).filter((e) => e.type === "warning" && e.data.code === "run_state_too_large");
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(String(warnings[0]!.data.message)).toContain(String(RUN_STATE_MAX_CHARS));
  });
});
