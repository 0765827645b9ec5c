// POST /v1/sessions/:id/compact compacts a session's history now (the summary written by the real
// model client against the scripted model) and answers the compaction's figures; later runs start
// from the summary. A short history has nothing to compact; an unknown session is a 404. The compaction is
// in the session's trace, of no run; a summary the model failed to write is 502 compaction_failed, not
// "nothing to compact" (which the chats said as "our conversation is still short").
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

type TraceEvent = { runId: string | null; type: string; data: Record<string, unknown> };
const eventsOf = async (sid: string) => ((await (await call(`/v1/sessions/${sid}/events`)).json()) as { events: TraceEvent[] }).events;

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
    // Traced as a run's compaction is, with no run: the summary's model call, then the figures.
    const traced = (await eventsOf(sid)).filter((e) => e.runId === null).map((e) => [e.type, e.data.purpose ?? null]);
    expect(traced).toEqual([
      ["model.request", "summary"],
      ["model.response", "summary"],
      ["context.compacted", null],
    ]);

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

  it("a summary the model failed to write is 502 compaction_failed, traced as a warning; the history is as it was", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    const marker = `[[script:${key}]]`;
    await script(key, [{ text: "First answer." }, { text: "Second answer." }, { text: "Third answer." }, { status: 401 }, { text: "Fourth answer." }]);
    const run = (input: string) => call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} ${input}` } }).then((r) => r.json());
    for (const q of ["first", "second", "third"]) expect(await run(q)).toMatchObject({ status: "completed" });
    const res = await call(`/v1/sessions/${sid}/compact`, { method: "POST" });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: { code: "compaction_failed", message: expect.stringContaining("Compaction failed") } });
    expect((await eventsOf(sid)).filter((e) => e.runId === null && e.type === "warning").map((e) => e.data.code)).toEqual(["compaction_failed"]);
    expect(await run("fourth")).toMatchObject({ status: "completed", output: "Fourth answer." });
    expect(JSON.stringify((await requests(key)).requests.at(-1)!.messages)).not.toContain("[Summary of the earlier conversation]");
  });
});
