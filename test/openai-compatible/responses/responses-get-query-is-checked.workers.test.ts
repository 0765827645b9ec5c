// GET /v1/responses/:id checks its query as the POST checks its body: the `openai` client's retrieve
// parameters are read (include) or refused by name (stream, starting_after: this GET does not stream a response
// again), and a parameter OpenAI does not define is refused. Before, each was dropped: `retrieve(id, {stream:
// true})` got JSON where the client waited for events.
import { beforeAll, describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { agentClient, apiError } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

describe("GET /v1/responses/:id: its query", () => {
  let id = "";
  beforeAll(async () => {
    const marker = await script(uniqueId("k"), [{ text: "stored answer" }]);
    id = (await agentClient().responses.create({ model: "study-agent", input: `${marker} hi` })).id;
  });

  it("reads include (the openai client sends include[]) and include_obfuscation", async () => {
    const read = await agentClient().responses.retrieve(id, {
      include: ["reasoning.encrypted_content", "web_search_call.action.sources"],
      include_obfuscation: false,
    });
    expect(read.output_text).toBe("stored answer");
    const plain = await call(`/v1/responses/${id}?include=reasoning.encrypted_content`);
    expect(plain.status).toBe(200);
  });

  it.each([
    ["stream", { stream: true }],
    ["starting_after", { starting_after: 3 }],
    ["include", { include: ["message.output_text.logprobs"] }],
  ])("refuses %s with 400 unsupported_parameter naming it", async (param, query) => {
    const e = await apiError(agentClient().responses.retrieve(id, query as never));
    expect(e.status).toBe(400);
    expect(e.error).toMatchObject({ type: "invalid_request_error", code: "unsupported_parameter", param });
  });

  it.each([
    ["include[1]", "include[]=reasoning.encrypted_content&include[]=reasoning.summary"],
    ["stream", "stream=yes"],
    ["include_obfuscation", "include_obfuscation=1"],
  ])("a value it does not define is 400 invalid_request naming %s", async (param, query) => {
    const res = await call(`/v1/responses/${id}?${query}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: "invalid_request", param });
  });

  it("a parameter it does not know is 400 unknown_parameter naming it", async () => {
    const res = await call(`/v1/responses/${id}?session=alice`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: "unknown_parameter", param: "session" });
  });

  it("stream=false is the plain answer", async () => {
    const res = await call(`/v1/responses/${id}?stream=false`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(id);
  });
});
