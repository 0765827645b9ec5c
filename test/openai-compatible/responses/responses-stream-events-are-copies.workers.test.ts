// Each stream event says what the response was when it happened: no event shares a part object that a later
// delta changes before it is sent. The openai client's snapshots, built from those events, are then the
// text so far at every step. And `store` is echoed as the request sent it.
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

describe("the Responses stream's events", () => {
  it("responses.stream() snapshots equal the text so far at every delta, and the final text at the end", async () => {
    const key = uniqueId("k");
    const text = "12*12*7 = 1008.";
    const marker = await script(key, [{ text, pieces: 5 }]);
    const stream = agentClient().responses.stream({ model: "study-agent", input: `${marker} 12*12*7?` });
    let sofar = "";
    const steps: Array<{ snapshot: string; sofar: string }> = [];
    const added: unknown[] = [];
    stream.on("response.content_part.added", (e) => added.push(e.part));
    stream.on("response.output_text.delta", (e) => {
      sofar += e.delta;
      steps.push({ snapshot: e.snapshot, sofar });
    });
    const final = await stream.finalResponse();
    expect(steps.length).toBeGreaterThan(1);
    for (const s of steps) expect(s.snapshot).toBe(s.sofar);
    expect(steps.at(-1)!.snapshot).toBe(text);
    expect(final.output_text).toBe(text);
    // The part as it was added: empty, before any delta.
    expect(added).toEqual([{ type: "output_text", text: "", annotations: [], logprobs: [] }]);
  });

  it("store is echoed as sent: false stays false, absent or true is true", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "a" }, { text: "b" }, { text: "c" }]);
    const client = agentClient();
    expect(await client.responses.create({ model: "study-agent", input: `${marker} hi`, store: false })).toMatchObject({ store: false });
    expect(await client.responses.create({ model: "study-agent", input: `${marker} hi`, store: true })).toMatchObject({ store: true });
    expect(await client.responses.create({ model: "study-agent", input: `${marker} hi` })).toMatchObject({ store: true });
  });
});
