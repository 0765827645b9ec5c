// A compact sent while another of the same session awaits its summary (a client's retry, a second tab)
// gets that compaction's answer: one summary model call, never a second over the same history.
import { describe, expect, it } from "vitest";
import { compactingSession } from "../../support/compacting-session";
import { requests } from "../../support/model-control";

describe("a compact repeated while one is under way", () => {
  it("answers both with the one compaction's figures and calls the model once", async () => {
    const { key, compaction: first, compact } = await compactingSession("SECOND SUMMARY: a repeat summarized the history again.");
    const [a, b] = await Promise.all([first, compact()]);

    expect([a.status, b.status]).toEqual([200, 200]);
    const figures = await a.json();
    expect(figures).toMatchObject({ compacted: true, replacedMessages: 2 });
    expect(await b.json()).toEqual(figures);
    expect((await requests(key)).requests).toHaveLength(4);
  });
});
