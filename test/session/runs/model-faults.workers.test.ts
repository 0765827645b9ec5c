import { describe, expect, it } from "vitest";
import type { Reply } from "../../support/scripted-model";
import { requests, script } from "../../support/model-control";
import { getRun, messages, startRun, trace, type RunBody } from "../../support/session-api";
import { overrideSessionConfig } from "../../support/session-config";
import { call, readSse, uniqueId } from "../../support/worker-http";

/** Runs to the end, streaming or not, and reads the run's outcome. */
async function runToEnd(sid: string, input: string, stream: boolean): Promise<RunBody> {
  if (!stream) return startRun(sid, input);
  const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input, stream: true } });
  await readSse(res);
  return getRun(sid, res.headers.get("x-run-id")!);
}

// The pool runs with MODEL_MAX_RETRIES=1: every request is tried twice before the run fails.
const FAULTS: Array<{ kind: string; replies: Omit<Reply, "dynamic">[]; stream?: boolean; vars?: Record<string, string>; code: string }> = [
  {
    kind: "429 storm (Retry-After: 1)",
    replies: [
      { status: 429, retryAfter: 1 },
      { status: 429, retryAfter: 1 },
    ],
    code: "model_rate_limited",
  },
  { kind: "5xx", replies: [{ status: 500 }, { status: 503 }], code: "model_unavailable" },
  {
    kind: "timeout",
    replies: [
      { text: "slow", delayMs: 3_000 },
      { text: "slow", delayMs: 3_000 },
    ],
    vars: { MODEL_TIMEOUT_MS: "300" },
    code: "model_timeout",
  },
  { kind: "garbage body", replies: [{ raw: "<html>502 Bad Gateway</html>" }, { raw: "<html>502 Bad Gateway</html>" }], code: "model_bad_response" },
  {
    kind: "stream cut mid-chunk",
    replies: [
      { text: "half an answer that never ends", cutAfterChunks: 2 },
      { text: "again cut", cutAfterChunks: 2 },
    ],
    stream: true,
    code: "model_stream_cut",
  },
];
const RUNS_PER_FAULT = 4;

describe("model faults at the Worker: retried within the budget, then a failed run with a clear error", () => {
  it("fails every faulty run cleanly and stores no half-written message", async () => {
    const outcomes = await Promise.all(
      FAULTS.flatMap((fault) =>
        Array.from({ length: RUNS_PER_FAULT }, async () => {
          const key = uniqueId("fault");
          const marker = await script(key, fault.replies);
          const sid = uniqueId();
          if (fault.vars) await overrideSessionConfig(sid, fault.vars);
          const run = await runToEnd(sid, `${marker} hello`, fault.stream === true);
          return { fault, run, sid, key };
        }),
      ),
    );
    const tally = new Map<string, number>();
    let halfWritten = 0;
    for (const { fault, run, sid, key } of outcomes) {
      expect(run.status, fault.kind).toBe("failed");
      expect(run.error!.code.startsWith(fault.code), `${fault.kind}: ${run.error!.code}`).toBe(true);
      expect(run.error!.message.length).toBeGreaterThan(10);
      tally.set(run.error!.code, (tally.get(run.error!.code) ?? 0) + 1);
      const stored = await messages(sid);
      halfWritten += stored.filter((m) => m.role !== "user").length;
      expect((await trace(sid)).at(-1)).toMatchObject({ type: "run.failed", data: { error: { code: run.error!.code } } });
      if (fault.kind !== "garbage body" && fault.kind !== "stream cut mid-chunk") expect((await requests(key)).requests, fault.kind).toHaveLength(2);
    }
    expect(halfWritten).toBe(0);
    console.log(
      `faults: ${outcomes.length} runs over ${FAULTS.length} fault kinds, ${outcomes.length} failed with a clear code (${[...tally].map(([c, n]) => `${c} ×${n}`).join(", ")}), ${halfWritten} half-written messages`,
    );
  });

  it("recovers when a retry succeeds", async () => {
    const key = uniqueId("fault");
    const marker = await script(key, [{ status: 429, retryAfter: 0 }, { text: "fine after all" }]);
    const sid = uniqueId();
    expect(await startRun(sid, `${marker} hello`)).toMatchObject({ status: "completed", output: "fine after all" });
    expect((await trace(sid)).find((e) => e.type === "model.response")!.data).toMatchObject({ retries: 1 });
  });
});
