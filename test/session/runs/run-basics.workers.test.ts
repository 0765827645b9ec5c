import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, readSse, uniqueId } from "../../support/worker-http";

describe("a run through the Worker and the Session Durable Object", () => {
  it("answers with text and keeps it in the session", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Hello, learner." }]);
    const sid = uniqueId();
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} hi` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "completed", output: "Hello, learner.", steps: 1 });
    expect((body.usage as { totalTokens: number }).totalTokens).toBeGreaterThan(0);

    const session = (await (await call(`/v1/sessions/${sid}`)).json()) as { messages: Array<{ role: string; content: string }> };
    expect(session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(session.messages[1]!.content).toBe("Hello, learner.");
  });

  it("streams for Accept: text/event-stream, unless the body says stream: false", async () => {
    const marker = await script(uniqueId("k"), [{ text: "One." }, { text: "Two." }]);
    const headers = { accept: "text/event-stream" };
    const streamed = await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", json: { input: `${marker} a` }, headers });
    expect(streamed.headers.get("content-type")).toContain("text/event-stream");
    await streamed.text();
    const json = await call(`/v1/sessions/${uniqueId()}/runs`, { method: "POST", json: { input: `${marker} b`, stream: false }, headers });
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(await json.json()).toMatchObject({ status: "completed", output: "Two." });
  });

  it("runs a tool and streams events in order", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "12*7" } }] }, { text: "12 times 7 is 84." }]);
    const sid = uniqueId();
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} What is 12*7?`, stream: true } });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = await readSse(res);
    const types = events.map((e) => e.event);
    expect(types[0]).toBe("run.started");
    expect(types.at(-1)).toBe("run.completed");
    expect(types.indexOf("tool.started")).toBeLessThan(types.indexOf("tool.finished"));
    const finished = events.find((e) => e.event === "tool.finished")!;
    expect(finished.data).toMatchObject({ name: "calculate", status: "success" });
    expect(String(finished.data.output)).toContain("84");
    expect(
      events
        .filter((e) => e.event === "text.delta")
        .map((e) => e.data.delta)
        .join(""),
    ).toBe("12 times 7 is 84.");
    // The model got the tool result on its second call.
    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(2);
    expect(seen[0]!.stream).toBe(true);
    expect(seen[1]!.messages.at(-1)).toMatchObject({ role: "tool" });
  });
});
