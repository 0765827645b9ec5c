// A skill loaded while answering one message is still loaded when the next is answered: each message of a
// chat is a run of its own, and "loaded" was each run's, so the next run's micro-compaction shortened the
// skill's text and a manual compaction dropped it. The skills are read from the conversation's history now:
// kept whole in the context, and carried verbatim through a compaction.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

const calc = { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] };

describe("a skill loaded in an earlier run of the session", () => {
  it("stays whole in a later run's context past micro-compaction, and through a manual compaction", async () => {
    const sid = uniqueId("skills");
    const key = uniqueId("k");
    const marker = `[[script:${key}]]`;
    await script(key, [
      { toolCalls: [{ name: "load_skill", args: { name: "knowledge-compiler" } }] },
      { text: "Loaded." },
      ...Array.from({ length: 9 }, () => calc),
      { text: "Done." },
      { text: `${marker} SUMMARY: the learner studies derivatives.` },
      { text: "After." },
    ]);
    const run = (input: string) => call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} ${input}` } }).then((r) => r.json());
    expect(await run("load the skill")).toMatchObject({ status: "completed" });
    expect(await run("now compute a lot")).toMatchObject({ status: "completed" });
    const seen = (await requests(key)).requests;
    const skillText = String(seen[1]!.messages.find((m) => m.role === "tool")!.content);
    expect(skillText.length).toBeGreaterThan(4000);
    // The second run's last call still carries the skill whole, nine tool results later.
    expect(JSON.stringify(seen[11]!.messages)).toContain(JSON.stringify(skillText).slice(1, -1));

    expect((await call(`/v1/sessions/${sid}/compact`, { method: "POST" })).status).toBe(200);
    expect(await run("and after the summary")).toMatchObject({ status: "completed" });
    const after = JSON.stringify((await requests(key)).requests.at(-1)!.messages);
    expect(after).toContain("Skills loaded earlier");
    expect(after).toContain("### knowledge-compiler");
  });
});
