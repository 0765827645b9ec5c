// A learner's photo outlives a compaction of the turn it came with: the summarizer's transcript names it
// ([image img-….png, image/png]), and the summary keeps its reference, so "what did my photo show?" after
// POST /v1/sessions/:id/compact is still sent the photo. Before, the transcript had a bare "[user]" line and
// the photo was gone from every later call.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { imageKeyOf, toDataUrl, uniquePng } from "../support/images";
import { call, uniqueId } from "../support/worker-http";

type Part = { type: string; text?: string; image_url?: { url: string } };

describe("a photo and compaction", () => {
  it("is named to the summarizer and still shown after the summary", async () => {
    const key = uniqueId("photo-compact");
    const marker = await script(key, [
      { text: "A quadratic with a sign slip." },
      { text: "A2" },
      { text: "A3" },
      { text: "The learner sent a photo of a quadratic with a sign slip; two questions followed." },
      { text: "It showed a quadratic." },
    ]);
    const sid = uniqueId("photo-compact-s");
    const photo = uniquePng();
    const run = (input: string, images?: string[]) =>
      call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} ${input}`, ...(images ? { images } : {}) } });
    expect((await run("", [toDataUrl(photo)])).status).toBe(200);
    for (const q of ["second question", "third question"]) expect((await run(q)).status).toBe(200);
    const compacted = await call(`/v1/sessions/${sid}/compact`, { method: "POST" });
    expect(await compacted.json()).toMatchObject({ compacted: true });
    expect(await (await run("what did my photo show?")).json()).toMatchObject({ status: "completed", output: "It showed a quadratic." });

    const [, , , summary, after] = (await requests(key)).requests;
    expect(JSON.stringify(summary!.messages)).toContain(`[image ${await imageKeyOf(photo)}, image/png]`);
    const shown = (after!.messages as Array<{ role: string; content: unknown }>).flatMap((m) => (Array.isArray(m.content) ? (m.content as Part[]) : []));
    expect(JSON.stringify(after!.messages)).toContain("[Summary of the earlier conversation]");
    expect(shown.filter((p) => p.type === "image_url").map((p) => p.image_url!.url)).toEqual([toDataUrl(photo)]);
  });
});
