// A client that reconnects to a run's stream mid-answer gets the rest of the text, not what it already had.
// Live deltas had no id, so the last id was the event before the text, and a reconnect sent the whole
// stretch again as one delta: "Alpha beta gAlpha beta gamma…". Each live delta now carries a mark,
// `<seq>.<chars>`, which `after` and Last-Event-ID (what EventSource sends on its own) resume from.
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { parseSse, type SseEvent } from "../../support/sse-text";
import { call, uniqueId } from "../../support/worker-http";

const ANSWER = "Alpha beta gamma delta epsilon zeta.";

/** Reads a run's stream until `enough` of its text has come, then drops the connection. */
async function readSome(res: Response, enough: number): Promise<{ text: string; last?: SseEvent }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  let text = "";
  let last: SseEvent | undefined;
  while (text.length < enough) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += decoder.decode(value, { stream: true });
    const blocks = buf.split("\n\n");
    buf = blocks.pop()!;
    for (const e of parseSse(blocks.join("\n\n"))) {
      last = e;
      if (e.event === "text.delta") text += String(e.data.delta);
    }
  }
  await reader.cancel();
  return { text, ...(last ? { last } : {}) };
}

const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === "text.delta")
    .map((e) => String(e.data.delta))
    .join("");

describe("a run's stream resumed mid-answer", () => {
  for (const how of ["after", "Last-Event-ID"] as const) {
    it(`with the last delta's id as ${how}: the rest of the text, once`, async () => {
      const marker = await script(uniqueId("k"), [{ text: ANSWER, pieces: 6, chunkDelayMs: 150 }]);
      const sid = uniqueId();
      const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} hi`, stream: true } });
      const runId = res.headers.get("x-run-id")!;
      const first = await readSome(res, 12);
      expect(first.last?.event).toBe("text.delta");
      const mark = first.last!.mark!;
      expect(mark).toMatch(/^\d+\.\d+$/);
      const path = `/v1/sessions/${sid}/runs/${runId}/stream`;
      const again = how === "after" ? await call(`${path}?after=${mark}`) : await call(path, { headers: { "last-event-id": mark } });
      expect(again.status).toBe(200);
      expect(first.text + textOf(parseSse(await again.text()))).toBe(ANSWER);
    });
  }

  it("from a stored event's id, as before; a malformed id is 400", async () => {
    const marker = await script(uniqueId("k"), [{ text: ANSWER, pieces: 3 }]);
    const sid = uniqueId();
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} hi`, stream: true } });
    const runId = res.headers.get("x-run-id")!;
    const events = parseSse(await res.text());
    const started = events.find((e) => e.event === "run.started")!;
    const again = parseSse(await (await call(`/v1/sessions/${sid}/runs/${runId}/stream?after=${started.id}`)).text());
    expect(textOf(again)).toBe(ANSWER);
    expect((await call(`/v1/sessions/${sid}/runs/${runId}/stream?after=1.2.3`)).status).toBe(400);
  });
});
