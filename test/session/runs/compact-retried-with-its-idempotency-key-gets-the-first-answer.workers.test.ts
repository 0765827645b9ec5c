// A compaction whose answer was lost is sent again with its Idempotency-Key: the retry gets the first
// compaction's figures (idempotent-replayed: true), not "nothing to compact", and no second summary is asked
// for. The same key with another body is 422 idempotency_key_reused; without a key the session compacts again.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { startRun } from "../../support/session-api";
import { call, uniqueId } from "../../support/worker-http";

describe("POST /v1/sessions/:id/compact with an Idempotency-Key", () => {
  it("answers a retry with the first compaction's answer, and refuses the key with another body", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "First." }, { text: "Second." }, { text: "Third." }, { text: "SUMMARY: three answers." }]);
    for (const q of ["one", "two", "three"]) await startRun(sid, `${marker} ${q}`);
    const idem = uniqueId("idem");
    const compact = (init: { json?: unknown; headers?: Record<string, string> } = {}) =>
      call(`/v1/sessions/${sid}/compact`, { method: "POST", headers: { "idempotency-key": idem }, ...init });

    const first = await compact();
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const answer = await first.json();
    expect(answer).toMatchObject({ compacted: true, replacedMessages: 2 });

    const again = await compact();
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(answer);
    expect((await requests(key)).requests).toHaveLength(4);

    const reused = await compact({ json: {} });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe("idempotency_key_reused");
    const unkeyed = await compact({ headers: {} });
    expect(unkeyed.headers.get("idempotent-replayed")).toBeNull();
    expect(await unkeyed.json()).toMatchObject({ compacted: false, reason: expect.stringContaining("nothing to compact") });
  });
});
