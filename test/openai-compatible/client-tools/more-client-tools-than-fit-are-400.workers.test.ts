// A model request carries 128 tools at most, and the agent's own tools that are never deferred take some of
// them: a request declaring more client tools than the rest is 400 naming `tools` on every wire (Chat
// Completions, Responses, /v1/ui/chat), never a 200 whose run silently leaves some out. As many as fit are
// all offered, and a tool_choice naming the last of them is sent as it names an offered tool.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { MAX_MODEL_TOOLS } from "../../../src/agent";
import { KNOWN_TOOLS } from "../../../src/tools";
import { requests, script } from "../../support/model-control";
import { agentClient, apiError } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

// Every tool the agent may offer beside a client's without deferring it (the known tools) takes one place.
const fit = MAX_MODEL_TOOLS - KNOWN_TOOLS.length;
const names = (n: number) => Array.from({ length: n }, (_, i) => `ct_${i}`);
const chatTools = (n: number): OpenAI.Chat.Completions.ChatCompletionFunctionTool[] =>
  names(n).map((name) => ({ type: "function", function: { name, parameters: { type: "object", properties: {} } } }));

describe("more client tools than fit beside the agent's", () => {
  it("is 400 invalid_request naming tools on Chat Completions", async () => {
    const e = await apiError(
      agentClient().chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: "hi" }], tools: chatTools(fit + 1) }),
    );
    expect(e).toMatchObject({ status: 400, code: "invalid_request", param: "tools" });
    expect(e.message).toContain(`at most ${fit} tools`);
  });

  it("is 400 invalid_request naming tools on the Responses API", async () => {
    const tools: OpenAI.Responses.FunctionTool[] = names(fit + 1).map((name) => ({ type: "function", name, parameters: null, strict: false }));
    const e = await apiError(
      agentClient().responses.create({ model: "study-agent", input: "hi", tools, tool_choice: { type: "function", name: `ct_${fit}` } }),
    );
    expect(e).toMatchObject({ status: 400, code: "invalid_request", param: "tools" });
  });

  it("is 400 invalid_request naming tools on /v1/ui/chat", async () => {
    const res = await call("/v1/ui/chat", {
      method: "POST",
      json: {
        id: uniqueId("ui-many-tools"),
        messages: [{ id: "u", role: "user", parts: [{ type: "text", text: "hi" }] }],
        tools: names(fit + 1).map((name) => ({ name })),
      },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain(`at most ${fit} tools`);
    expect(error.message).toContain("tools");
  });

  it("offers every one of as many as fit, with a tool_choice naming the last", async () => {
    const key = uniqueId("k");
    const last = `ct_${fit - 1}`;
    const marker = await script(key, [{ toolCalls: [{ name: last, args: {} }] }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} go` }],
      tools: chatTools(fit),
      tool_choice: { type: "function", function: { name: last } },
    });
    expect(reply.choices[0]!.finish_reason).toBe("tool_calls");
    const [seen] = (await requests(key)).requests;
    const offered = seen!.tools!.map((t) => t.function.name);
    expect(offered.length).toBeLessThanOrEqual(MAX_MODEL_TOOLS);
    expect(offered.filter((n) => n.startsWith("ct_"))).toHaveLength(fit);
    expect(seen!.tool_choice).toEqual({ type: "function", function: { name: last } });
  });
});
