// A run waiting for the client's tool results (awaiting_client_tools) still owns the history: its tool
// calls wait for their results there. Compacting under it is refused, 409 run_active, as for any run
// queued, running or waiting (docs/api.md#compaction); the history is left as it was.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { getRun } from "../../support/session-api";
import { call, uniqueId } from "../../support/worker-http";

const weather = {
  type: "function",
  function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
};

describe("compaction while a run awaits the client's tools", () => {
  it("is 409 run_active and calls no model", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "get_weather", args: { city: "Paris" }, id: "call_w1" }] }, { text: "SUMMARY" }]);
    const chat = await call("/v1/chat/completions", {
      method: "POST",
      headers: { "x-session-id": sid },
      json: { model: "study-agent", messages: [{ role: "user", content: `${marker} Weather in Paris?` }], tools: [weather] },
    });
    expect(chat.status).toBe(200);
    expect(await getRun(sid, chat.headers.get("x-run-id")!)).toMatchObject({ status: "awaiting_client_tools" });

    const res = await call(`/v1/sessions/${sid}/compact`, { method: "POST" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "run_active" } });
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
