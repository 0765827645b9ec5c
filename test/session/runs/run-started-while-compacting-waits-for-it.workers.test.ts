// A run started while the session's compaction awaits its summary waits in line (queued) and starts when
// the compaction ends, on the history it left: the run's model sees the summary, not the rounds it replaced.
import { describe, expect, it } from "vitest";
import { compactingSession } from "../../support/compacting-session";
import { requests } from "../../support/model-control";
import { getRun } from "../../support/session-api";
import { call, readSse } from "../../support/worker-http";

describe("a run started during a compaction", () => {
  it("is queued until the compaction ends, then runs on the compacted history", async () => {
    const { sid, key, marker, compaction } = await compactingSession("Fourth answer.", "FIRST QUESTION");
    const started = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} fourth question`, stream: true } });
    const runId = started.headers.get("x-run-id")!;
    expect((await getRun(sid, runId)).status).toBe("queued");

    expect(await (await compaction).json()).toMatchObject({ compacted: true });
    const events = await readSse(started);
    expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { runId, output: "Fourth answer." } });

    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(5);
    const next = JSON.stringify(seen[4]!.messages);
    expect(next).toContain("[Summary of the earlier conversation]");
    expect(next).not.toContain("FIRST QUESTION");
  });
});
