// A useChat page's own tools on /v1/ui/chat, driven by the AI SDK's own chat engine (AbstractChat, which
// @ai-sdk/react's useChat runs) with DefaultChatTransport: the page declares its tool in the transport's body,
// the model's call of it reaches onToolCall as a static tool part (the agent's own tools are provider-executed
// dynamic parts, never taken for the page's), addToolOutput and sendAutomaticallyWhen
// (lastAssistantMessageIsCompleteWithToolCalls) send the result back, and the same run resumes with it and
// answers, once. Every chunk validates against the package's uiMessageChunkSchema. Bad `tools` are 400.
import {
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  parseJsonEventStream,
  uiMessageChunkSchema,
  type UIDataTypes,
  type UIMessage,
  type UIMessageChunk,
} from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { PageChat as EngineChat } from "../support/ui-chat-engine";
import { BASE, call, uniqueId, workerFetch } from "../support/worker-http";

type PageMessage = UIMessage<unknown, UIDataTypes, { get_weather: { input: { city: string }; output: string } }>;

const tools = [
  {
    name: "get_weather",
    description: "The weather in a city, from the page's own service.",
    inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  },
];

/** useChat's engine over plain arrays instead of React state, for this page's messages. */
class PageChat extends EngineChat<PageMessage> {}

/** The page's requests as sent, and the chunks of each reply. */
function recorder() {
  const sent: Array<{ tools?: unknown; messages: PageMessage[] }> = [];
  const replies: Response[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    const res = await workerFetch(input, init);
    replies.push(res.clone());
    return res;
  };
  const chunks = async (i: number): Promise<UIMessageChunk[]> => {
    const out: UIMessageChunk[] = [];
    for await (const r of parseJsonEventStream({ stream: replies[i]!.body!, schema: uiMessageChunkSchema })) {
      expect(r.success, JSON.stringify(r)).toBe(true);
      if (r.success) out.push(r.value);
    }
    return out;
  };
  return { sent, fetch, chunks };
}

const runStatus = async (chatId: string) => ((await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: Array<{ status: string }> }).runs;

describe("a useChat page's own tools on /v1/ui/chat", () => {
  it("hands the call to onToolCall, and the output addToolOutput sends back resumes the same run to its answer", async () => {
    const chatId = uniqueId("ui-client-tool");
    const marker = await script(chatId, [
      { toolCalls: [{ name: "calculate", args: { expression: "20+1" } }] },
      { text: "Let me ask your browser.", toolCalls: [{ name: "get_weather", args: { city: "Paris" }, id: "call_w1" }] },
      { text: "Sunny in Paris, 21 °C." },
    ]);
    const page = recorder();
    const handed: Array<{ toolName: string; input: unknown; dynamic?: boolean; status: string | undefined }> = [];
    const chat: PageChat = new PageChat({
      id: chatId,
      transport: new DefaultChatTransport<PageMessage>({ api: `${BASE}/v1/ui/chat`, fetch: page.fetch, body: { tools } }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
      async onToolCall({ toolCall }) {
        // The run waits for the page meanwhile.
        handed.push({ toolName: toolCall.toolName, input: toolCall.input, dynamic: toolCall.dynamic, status: (await runStatus(chatId)).at(-1)?.status });
        if (!toolCall.dynamic) void chat.addToolOutput({ tool: "get_weather", toolCallId: toolCall.toolCallId, output: "sunny, 21 °C" });
      },
    });

    // sendMessage resolves once the automatic resends it led to are over: one for the tool's output, no more.
    await chat.sendMessage({ text: `${marker} Weather in Paris?` });
    expect(chat.error?.message).toBeUndefined();
    expect(chat.status).toBe("ready");
    expect(page.sent).toHaveLength(2);
    expect(handed).toEqual([{ toolName: "get_weather", input: { city: "Paris" }, dynamic: undefined, status: "awaiting_client_tools" }]);

    // The first reply: one step; the agent's tool provider-executed, the page's handed over, the message finished for now.
    const first = await page.chunks(0);
    expect(first.slice(0, 2).map((c) => c.type)).toEqual(["start", "start-step"]);
    expect(first.find((c) => c.type === "tool-input-available" && c.toolName === "calculate")).toMatchObject({ dynamic: true, providerExecuted: true });
    const start = first.find((c) => c.type === "tool-input-start");
    const handedOver = first.find((c) => c.type === "tool-input-available" && c.toolName === "get_weather");
    expect(start).toMatchObject({ toolName: "get_weather" });
    expect(handedOver).toMatchObject({ toolCallId: (start as { toolCallId: string }).toolCallId, input: { city: "Paris" } });
    expect(handedOver).not.toHaveProperty("providerExecuted");
    expect(first.slice(-2)).toEqual([{ type: "finish-step" }, { type: "finish", finishReason: "tool-calls" }]);

    // The resend: the page's tools again, and the assistant message with the tool part answered.
    const resend = page.sent[1]!;
    expect(resend.tools).toEqual(tools);
    expect(resend.messages.at(-1)!.parts).toContainEqual(
      expect.objectContaining({ type: "tool-get_weather", state: "output-available", output: "sunny, 21 °C" }),
    );

    // The answer continues the same assistant message in a step of its own; the run is the same one, completed.
    const second = await page.chunks(1);
    expect(second.slice(0, 2)).toEqual([{ type: "start", messageId: chat.messages[1]!.id }, { type: "start-step" }]);
    expect(second.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
    expect(chat.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    const answer = chat.messages[1]!;
    expect(answer.parts.filter((p) => p.type === "step-start")).toHaveLength(2);
    expect(answer.parts.find((p) => p.type === "tool-get_weather")).toMatchObject({ state: "output-available", input: { city: "Paris" } });
    expect(answer.parts.filter((p) => p.type === "text").map((p) => p.text)).toEqual(["Let me ask your browser.", "Sunny in Paris, 21 °C."]);
    const runs = await runStatus(chatId);
    expect(runs.map((r) => r.status)).toEqual(["completed"]);

    // The model was offered the page's tool beside the agent's, and read the page's output as the call's result.
    const seen = (await requests(chatId)).requests;
    expect(seen).toHaveLength(3);
    expect(seen[0]!.tools!.map((t) => t.function.name)).toEqual(expect.arrayContaining(["get_weather", "web_search", "calculate"]));
    expect(seen[2]!.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "call_w1", content: "sunny, 21 °C" });
  });

  it("a call whose arguments are not JSON is a tool-input-error, and the page's automatic resend gives the run that error", async () => {
    const chatId = uniqueId("ui-client-tool-bad-args");
    const marker = await script(chatId, [{ toolCalls: [{ name: "get_weather", args: "{city: Paris" }] }, { text: "I could not read the weather." }]);
    const page = recorder();
    let calls = 0;
    const chat = new PageChat({
      id: chatId,
      transport: new DefaultChatTransport<PageMessage>({ api: `${BASE}/v1/ui/chat`, fetch: page.fetch, body: { tools } }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
      onToolCall: () => void calls++,
    });
    await chat.sendMessage({ text: `${marker} Weather?` });

    expect(chat.error?.message).toBeUndefined();
    expect(calls).toBe(0);
    expect(page.sent).toHaveLength(2);
    expect((await page.chunks(0)).find((c) => c.type === "tool-input-error")).toMatchObject({ toolName: "get_weather", input: "{city: Paris" });
    expect(chat.messages[1]!.parts.find((p) => p.type === "tool-get_weather")).toMatchObject({ state: "output-error" });
    const seen = (await requests(chatId)).requests;
    expect(seen[1]!.messages.at(-1)).toMatchObject({ role: "tool", content: expect.stringContaining("not valid JSON") });
    expect(chat.messages[1]!.parts.filter((p) => p.type === "text").map((p) => p.text)).toEqual(["I could not read the weather."]);
  });

  it("refuses malformed tools and results of no waiting call with 400, naming the field", async () => {
    const post = async (body: Record<string, unknown>) => {
      const res = await call("/v1/ui/chat", {
        method: "POST",
        json: { id: uniqueId("ui-bad-tools"), messages: [{ id: "u", role: "user", parts: [{ type: "text", text: "hi" }] }], ...body },
      });
      return { status: res.status, error: ((await res.json()) as { error: { code: string; message: string } }).error };
    };
    const nameless = await post({ tools: [{ name: "bad name" }] });
    expect(nameless).toMatchObject({ status: 400, error: { code: "invalid_request", message: expect.stringContaining("tools[0].name") } });
    const twice = await post({ tools: [{ name: "get_weather" }, { name: "get_weather" }] });
    expect(twice).toMatchObject({ status: 400, error: { message: expect.stringContaining("tools[1].name") } });
    // The OpenAI wires' field name is not this wire's: refused, not dropped.
    const openAIShape = await post({ tools: [{ name: "get_weather", parameters: { type: "object" } }] });
    expect(openAIShape).toMatchObject({ status: 400, error: { message: expect.stringContaining("parameters") } });
    expect(await post({ tools: { get_weather: {} } })).toMatchObject({ status: 400, error: { message: expect.stringContaining("tools") } });

    const forged = await post({
      messages: [
        { id: "u", role: "user", parts: [{ type: "text", text: "hi" }] },
        { id: "a", role: "assistant", parts: [{ type: "tool-get_weather", toolCallId: "call_forged", state: "output-available", input: {}, output: "sunny" }] },
      ],
    });
    expect(forged).toMatchObject({ status: 400, error: { code: "tool_call_not_found", message: expect.stringContaining("messages[1].parts[0].toolCallId") } });
  });
});
