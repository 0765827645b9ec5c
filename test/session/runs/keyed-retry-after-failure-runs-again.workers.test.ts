// POST /v1/sessions/:id/runs with an Idempotency-Key whose run failed: the repeat is a new try, not the
// stored failure (docs/api.md#idempotency). It runs in the failed run's place, so the question is in the
// history once; a repeat of the run that then completed gets that run back without a model call.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

type RunAnswer = { runId: string; status: string; output: string };

describe("a keyed retry after a failure", () => {
  it("runs again in the failed run's place, then replays the run that completed", async () => {
    const key = uniqueId("k");
    // MODEL_MAX_RETRIES=1: the first run fails on both of its model calls, the retry gets the answer.
    const marker = await script(key, [{ status: 500 }, { status: 500 }, { text: "Recovered." }]);
    const session = uniqueId();
    const idempotencyKey = uniqueId("idem");
    const post = () =>
      call(`/v1/sessions/${session}/runs`, { method: "POST", json: { input: `${marker} What is a limit?` }, headers: { "idempotency-key": idempotencyKey } });

    const failed = (await (await post()).json()) as RunAnswer;
    expect(failed.status).toBe("failed");

    const retry = await post();
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    const again = (await retry.json()) as RunAnswer;
    expect(again).toMatchObject({ status: "completed", output: "Recovered." });
    expect(again.runId).not.toBe(failed.runId);

    const replay = await post();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toMatchObject({ runId: again.runId, output: "Recovered." });

    expect((await requests(key)).requests).toHaveLength(3);
    const view = (await (await call(`/v1/sessions/${session}`)).json()) as { runs: Array<{ runId: string }>; messages: Array<{ role: string }> };
    expect(view.runs.map((r) => r.runId)).toEqual([again.runId]);
    expect(view.messages.filter((m) => m.role === "user")).toHaveLength(1);
  });
});
