// A session of photos: every model call carries at most MAX_IMAGES_PER_CALL images (4 by default), the most
// recent, however many the conversation holds. Each older photo reaches the model as a line naming its key,
// and the trace's model.request counts what went along. Before, the calls carried 4, 8, 8 image parts, all
// read from R2 and sent whole each time.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { toDataUrl, uniquePng, imageKeyOf } from "../support/images";
import { call, uniqueId } from "../support/worker-http";

type Part = { type: string; text?: string; image_url?: { url: string } };
/** The user turns' content as parts (a turn of text alone as one text part). */
const partsOf = (messages: Array<{ role: string; content: unknown }>): Part[] =>
  messages.flatMap((m) => (m.role !== "user" ? [] : Array.isArray(m.content) ? (m.content as Part[]) : [{ type: "text", text: String(m.content) }]));

describe("images per model call", () => {
  it("are the most recent MAX_IMAGES_PER_CALL; the older ones are lines naming their keys", async () => {
    const key = uniqueId("per-call");
    const marker = await script(key, [{ text: "First four seen." }, { text: "Next four seen." }, { text: "The last four show the proof." }]);
    const sid = uniqueId("per-call-s");
    const first = [1, 2, 3, 4].map(() => uniquePng());
    const second = [1, 2, 3, 4].map(() => uniquePng());
    const run = (input: string, images?: Uint8Array[]) =>
      call(`/v1/sessions/${sid}/runs`, {
        method: "POST",
        json: { input: `${marker} ${input}`, ...(images ? { images: images.map((b) => toDataUrl(b)) } : {}) },
      });
    for (const [input, images] of [["my first pages", first], ["four more pages", second], ["which page has the proof?"]] as const) {
      const res = await run(input, images && [...images]);
      expect(res.status, input).toBe(200);
    }

    const calls = (await requests(key)).requests.map((r) => partsOf(r.messages as Array<{ role: string; content: unknown }>));
    expect(calls.map((parts) => parts.filter((p) => p.type === "image_url").length)).toEqual([4, 4, 4]);
    // The second and third calls show the second four photos; the first four are named, not shown.
    const secondUrls = second.map((b) => toDataUrl(b));
    for (const parts of calls.slice(1)) {
      expect(parts.filter((p) => p.type === "image_url").map((p) => p.image_url!.url)).toEqual(secondUrls);
      const lines = parts
        .filter((p) => p.type === "text")
        .map((p) => p.text!)
        .join("\n");
      for (const bytes of first) expect(lines).toContain(`(${await imageKeyOf(bytes)}, image/png); it is no longer shown`);
    }

    const trace = (await (await call(`/v1/sessions/${sid}/events?limit=500`)).json()) as { events: Array<{ type: string; data: { images?: number } }> };
    expect(trace.events.filter((e) => e.type === "model.request").map((e) => e.data.images)).toEqual([4, 4, 4]);
  });
});
