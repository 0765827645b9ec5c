import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { call, readSse, uniqueId } from "../../support/worker-http";

describe("a reasoning model's thinking", () => {
  it("streams as reasoning.delta events and is kept nowhere: not in the history, not in the trace", async () => {
    const marker = await script(uniqueId("k"), [{ dialect: "deepseek", reasoning: "Seven twelves are eighty-four.", text: "84", pieces: 3 }]);
    const session = uniqueId("think");
    const events = await readSse(await call(`/v1/sessions/${session}/runs`, { method: "POST", json: { input: `${marker} 7*12?`, stream: true } }));
    const thinking = events.filter((e) => e.event === "reasoning.delta").map((e) => (e.data as { delta: string }).delta);
    expect(thinking.length).toBeGreaterThan(1);
    expect(thinking.join("")).toBe("Seven twelves are eighty-four.");
    expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { output: "84" } });

    const view = await (await call(`/v1/sessions/${session}`)).text();
    const trace = await (await call(`/v1/sessions/${session}/events`)).text();
    expect(view).toContain("84");
    expect(view).not.toContain("twelves");
    expect(trace).not.toContain("twelves");
  });
});
