// POST /v1/sessions/:id/compact compacts a session's history now (the summary written by the real
// model client against the scripted model) and answers the compaction's figures; later runs start
// from the summary. A short history has nothing to compact; an unknown session is a 404.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

describe("manual compaction", () => {
  it("compacts on request, answers 200 with the figures, and the next run sees the summary", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    const marker = `[[script:${key}]]`;
    await script(key, [
      { text: "First answer." },
      { text: "Second answer." },
      { text: "Third answer." },
      { text: `${marker} SUMMARY: three questions were answered.` },
      { text: "Fourth answer." },
    ]);
    const run = (input: string) => call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} ${input}` } }).then((r) => r.json());
    for (const q of ["FIRST QUESTION", "second question", "third question"]) expect(await run(q)).toMatchObject({ status: "completed" });

    const res = await call(`/v1/sessions/${sid}/compact`, { method: "POST" });
    expect(res.status).toBe(200);
    const figures = (await res.json()) as Record<string, number | boolean>;
    expect(figures).toMatchObject({ compacted: true, replacedMessages: 2 });
    expect(figures.afterTokens).toBeLessThan(figures.beforeTokens as number);
    expect(figures.summaryTokens).toBeGreaterThan(0);

    expect(await run("fourth question")).toMatchObject({ status: "completed", output: "Fourth answer." });
    const seen = (await requests(key)).requests;
    expect(String(seen[3]!.messages[0]!.content)).toMatch(/^You compact a conversation/);
    const next = JSON.stringify(seen[4]!.messages);
    expect(next).toContain("[Summary of the earlier conversation]");
    expect(next).not.toContain("FIRST QUESTION");
  });

  it("answers compacted: false when the history is no longer than what compaction keeps, and 404 for an unknown session", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    await script(key, [{ text: "Only answer." }]);
    await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `[[script:${key}]] hello` } });
    const res = await call(`/v1/sessions/${sid}/compact`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ compacted: false, reason: expect.stringContaining("nothing to compact") });

    const missing = await call(`/v1/sessions/${uniqueId()}/compact`, { method: "POST" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
