// A client tool's schema is bounded in depth (JSON_SCHEMA_MAX_DEPTH, 128 levels of objects and arrays by
// default) on every wire that takes one: function `parameters` on Chat Completions and the Responses API,
// `inputSchema` on /v1/ui/chat. One nested 5,000 deep is a 400 naming the tool's field, where it was a stack
// overflow (storing the run's options, carrying them to the session) and a 500; a schema as deep as a real
// nested model still reaches the model.
import { parseJsonEventStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { nullableObjectsSchema, schemaNestedTo } from "../../support/nested-schemas";
import { agentClient } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

const tooDeep = schemaNestedTo(5_000);
const deepButReal = nullableObjectsSchema(20);
const shallow = { type: "object", properties: { city: { type: "string" } } };

const refusal = (e: unknown) => {
  expect(e).toBeInstanceOf(OpenAI.BadRequestError);
  const err = e as InstanceType<typeof OpenAI.BadRequestError>;
  return { status: err.status, param: err.param, message: err.message };
};

const chatTool = (name: string, parameters: Record<string, unknown>) => ({ type: "function" as const, function: { name, parameters } });
const responsesTool = (name: string, parameters: Record<string, unknown>) => ({ type: "function" as const, name, parameters, strict: false });

const uiChat = (id: string, text: string, tools: unknown[]) =>
  call("/v1/ui/chat", { method: "POST", json: { id, messages: [{ id: "u", role: "user", parts: [{ type: "text", text }] }], tools } });

describe("a client tool's schema nested past JSON_SCHEMA_MAX_DEPTH is a 400 naming the tool's field", () => {
  it("Chat Completions: tools[1].function.parameters", async () => {
    const bad = refusal(
      await agentClient()
        .chat.completions.create({
          model: "study-agent",
          messages: [{ role: "user", content: "hi" }],
          tools: [chatTool("get_weather", shallow), chatTool("outline", tooDeep)],
        })
        .catch((e: unknown) => e),
    );
    expect(bad).toMatchObject({ status: 400, param: "tools[1].function.parameters" });
    expect(bad.message).toContain("tools[1].function.parameters is nested deeper than JSON_SCHEMA_MAX_DEPTH (128)");
  });

  it("Responses: tools[1].parameters", async () => {
    const bad = refusal(
      await agentClient()
        .responses.create({ model: "study-agent", input: "hi", tools: [responsesTool("get_weather", shallow), responsesTool("outline", tooDeep)] })
        .catch((e: unknown) => e),
    );
    expect(bad).toMatchObject({ status: 400, param: "tools[1].parameters" });
    expect(bad.message).toContain("tools[1].parameters is nested deeper than JSON_SCHEMA_MAX_DEPTH (128)");
  });

  it("/v1/ui/chat: tools[1].inputSchema, and no run is started", async () => {
    const id = uniqueId("ui-deep-tool");
    const res = await uiChat(id, "hi", [
      { name: "get_weather", inputSchema: shallow },
      { name: "outline", inputSchema: tooDeep },
    ]);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error).toEqual({
      code: "invalid_request",
      message: expect.stringContaining("tools[1].inputSchema is nested deeper than JSON_SCHEMA_MAX_DEPTH (128)"),
    });
    expect((await call(`/v1/sessions/${id}`)).status).toBe(404);
  });
});

describe("a client tool with a legitimately deep schema (20 nested nullable objects, 79 levels) reaches the model", () => {
  const offered = async (key: string) => (await requests(key)).requests[0]!.tools!.find((t) => t.function.name === "outline")?.function.parameters;

  it("Chat Completions", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "No outline needed." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Outline limits.` }],
      tools: [chatTool("outline", deepButReal)],
    });
    expect(reply.choices[0]!.message.content).toContain("No outline needed.");
    expect(await offered(key)).toEqual(deepButReal);
  });

  it("Responses", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "No outline needed." }]);
    const response = await agentClient().responses.create({
      model: "study-agent",
      input: `${marker} Outline limits.`,
      tools: [responsesTool("outline", deepButReal)],
    });
    expect(response.output_text).toContain("No outline needed.");
    expect(await offered(key)).toEqual(deepButReal);
  });

  it("/v1/ui/chat", async () => {
    const id = uniqueId("ui-deep-tool");
    const marker = await script(id, [{ text: "No outline needed." }]);
    const res = await uiChat(id, `${marker} Outline limits.`, [{ name: "outline", inputSchema: deepButReal }]);
    expect(res.status).toBe(200);
    const chunks: UIMessageChunk[] = [];
    for await (const r of parseJsonEventStream({ stream: res.body!, schema: uiMessageChunkSchema })) if (r.success) chunks.push(r.value);
    expect(chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : [])).join("")).toContain("No outline needed.");
    expect(chunks.at(-1)!.type).toBe("finish");
    expect(await offered(id)).toEqual(deepButReal);
  });
});
