// The Chat Completions body is built as JSON text from pieces kept per message and per tool list
// (providers/openai.ts): what reaches the server must be exactly the wire conversion of the request,
// call after call, and a kept piece must never stand in for one that changed (an image shown in one call
// and not loaded in the next).
import { describe, expect, it } from "vitest";
import type { ImageRef, Message } from "../../../src/agent/messages";
import type { ModelRequest } from "../../../src/agent/model";
import { toWire, unseenImage } from "../../../src/agent/providers/openai";
import type { ToolSpec } from "../../../src/agent/tools";
import { capturingModel } from "../../support/capturing-model";

const at = "2026-01-01T00:00:00.000Z";
const TOOLS: ToolSpec[] = [
  {
    name: "calculate",
    description: "Evaluate arithmetic.",
    parameters: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
  },
];
const IMAGE: ImageRef = { key: "img/1", mediaType: "image/png", bytes: 3 };

const request = (messages: readonly Message[], extra: Partial<ModelRequest> = {}): ModelRequest => ({
  system: "be kind",
  messages,
  tools: TOOLS,
  stream: false,
  signal: new AbortController().signal,
  ...extra,
});

describe("the request body built from kept pieces", () => {
  it("is the wire conversion of the request on every call, as JSON with its content type", async () => {
    const { model, bodies, headers } = capturingModel();
    const history: Message[] = [{ id: "u1", createdAt: at, role: "user", content: "What is 2+2?" }];
    await model.complete(request(history));
    history.push(
      { id: "a1", createdAt: at, role: "assistant", content: "", toolCalls: [{ id: "c1", name: "calculate", args: '{"expression":"2+2"}' }] },
      { id: "t1", createdAt: at, role: "tool", toolCallId: "c1", name: "calculate", status: "success", content: "4" },
    );
    await model.complete(request(history, { stream: true, toolChoice: "required", parallelToolCalls: false }));

    expect(bodies[0]).toEqual({
      model: "m",
      stream: false,
      tool_choice: "auto",
      messages: toWire("be kind", history.slice(0, 1)),
      tools: [{ type: "function", function: TOOLS[0] }],
    });
    expect(bodies[1]).toEqual({
      model: "m",
      stream: true,
      stream_options: { include_usage: true },
      tool_choice: "required",
      parallel_tool_calls: false,
      messages: toWire("be kind", history),
      tools: [{ type: "function", function: TOOLS[0] }],
    });
    expect(headers.map((h) => h.get("content-type"))).toEqual(["application/json", "application/json"]);
    expect(headers[1]!.get("authorization")).toBe("Bearer sk-test");
  });

  it("sends each call's own system prompt, one after another and back again (the last one's JSON is kept)", async () => {
    const { model, bodies } = capturingModel();
    const messages: Message[] = [{ id: "u1", createdAt: at, role: "user", content: "hi" }];
    for (const system of ["be kind", "be brief", "be brief", "", "be kind"]) await model.complete(request(messages, { system }));
    expect(bodies.map((b) => b.messages)).toEqual(["be kind", "be brief", "be brief", "", "be kind"].map((system) => toWire(system, messages)));
  });

  it("leaves out tools and tool_choice without tools, and carries the answer's format", async () => {
    const { model, bodies } = capturingModel();
    const messages: Message[] = [{ id: "u1", createdAt: at, role: "user", content: "hi" }];
    await model.complete(request(messages, { tools: [], responseFormat: { type: "json_object" } }));
    expect(bodies[0]).toEqual({ model: "m", stream: false, response_format: { type: "json_object" }, messages: toWire("be kind", messages) });
  });

  it("shows an image when the call loads it and says it cannot be shown when the next call does not", async () => {
    const { model, bodies } = capturingModel();
    const photo: Message = { id: "u1", createdAt: at, role: "user", content: "What is this?", images: [IMAGE] };
    await model.complete(request([photo], { images: new Map([[IMAGE.key, "data:image/png;base64,AAAA"]]) }));
    await model.complete(request([photo]));
    const userOf = (body: Record<string, unknown>) => (body.messages as Array<{ role: string; content: unknown }>)[1]!.content;
    expect(userOf(bodies[0]!)).toEqual([
      { type: "text", text: "What is this?" },
      { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
    ]);
    expect(userOf(bodies[1]!)).toEqual([
      { type: "text", text: "What is this?" },
      { type: "text", text: unseenImage(IMAGE) },
    ]);
  });
});
