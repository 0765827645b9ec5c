// POST /v1/ui/chat with the real `ai` package: DefaultChatTransport sends the chat, every chunk of the
// answer validates against the package's own uiMessageChunkSchema, and readUIMessageStream rebuilds the
// assistant message with its text, dynamic tool parts and data parts. The chat id is the session: the
// second turn's run sees the first as the session keeps it, not as the page's copy shows it. An approval
// answered the AI SDK's way (an approval-responded tool part in the next request) resumes the paused run.
import { env } from "cloudflare:workers";
import { parseJsonEventStream, safeValidateTypes } from "@ai-sdk/provider-utils";
import { DefaultChatTransport, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { studyReplies } from "../support/study-script";
import { ASK_PREFIX } from "../support/trust-fixtures";
import { BASE, call, uniqueId, workerFetch } from "../support/worker-http";

const transport = new DefaultChatTransport<UIMessage>({ api: `${BASE}/v1/ui/chat`, fetch: workerFetch });

const user = (text: string): UIMessage => ({ id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] });

async function send(chatId: string, messages: UIMessage[]): Promise<{ message: UIMessage; chunks: UIMessageChunk[] }> {
  const stream = await transport.sendMessages({ chatId, messages, trigger: "submit-message", messageId: undefined, abortSignal: undefined });
  const chunks: UIMessageChunk[] = [];
  const tee = stream.pipeThrough(new TransformStream<UIMessageChunk, UIMessageChunk>({ transform: (c, ctl) => (chunks.push(c), ctl.enqueue(c)) }));
  const last = messages.at(-1)!;
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream<UIMessage>({ stream: tee, ...(last.role === "assistant" ? { message: last } : {}) })) message = m;
  return { message: message!, chunks };
}

describe("POST /v1/ui/chat speaks the AI SDK UI message stream", () => {
  it("streams text, tool and todo parts that the SDK rebuilds into one assistant message, every chunk valid", async () => {
    const chatId = uniqueId("ui-chat");
    const marker = await script(chatId, [
      { toolCalls: [{ name: "todo_write", args: { todos: [{ id: "1", text: "Multiply", status: "in_progress" }] } }] },
      { text: "Let me compute.", toolCalls: [{ name: "calculate", args: { expression: "12*7" } }] },
      { text: "12 × 7 = 84", pieces: 4 },
    ]);

    // The raw response: the protocol header, SSE, and each chunk valid by the package's own schema.
    const raw = await workerFetch(`${BASE}/v1/ui/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: `${chatId}-raw`, messages: [user(`${marker} What is 12*7?`)], trigger: "submit-message" }),
    });
    expect(raw.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    expect(raw.headers.get("content-type")).toContain("text/event-stream");
    const parsed: unknown[] = [];
    for await (const r of parseJsonEventStream({ stream: raw.body!, schema: uiMessageChunkSchema })) {
      expect(r.success, JSON.stringify(r)).toBe(true);
      if (r.success) parsed.push(r.value);
    }
    for (const value of parsed) expect((await safeValidateTypes({ value, schema: uiMessageChunkSchema })).success).toBe(true);
    const types = parsed.map((c) => (c as { type: string }).type);
    expect(types[0]).toBe("start");
    expect(types.at(-1)).toBe("finish");
    for (const t of ["text-start", "text-delta", "text-end", "tool-input-available", "tool-output-available", "data-todos"]) expect(types).toContain(t);

    // Through DefaultChatTransport and readUIMessageStream, in the chat's own session.
    const marker2 = await script(`${chatId}-2`, [{ toolCalls: [{ name: "calculate", args: { expression: "2+2" } }] }, { text: "Four." }]);
    const { message } = await send(chatId, [user(`${marker2} And 2+2?`)]);
    expect(message.role).toBe("assistant");
    const tool = message.parts.find((p) => p.type === "dynamic-tool");
    expect(tool).toMatchObject({ type: "dynamic-tool", toolName: "calculate", state: "output-available", input: { expression: "2+2" } });
    expect(message.parts.filter((p) => p.type === "text").map((p) => (p as { text: string }).text)).toEqual(["Four."]);
  });

  it("keeps the history in the session: the run reads its turns, not the page's copy of them", async () => {
    const chatId = uniqueId("ui-history");
    // One script for both turns: the scripted model follows the marker of the session's first message.
    const marker = await script(chatId, [{ text: "Noted: your name is Ada." }, { text: "Your name is Ada." }]);
    const q1 = user(`${marker} My name is Ada.`);
    const { message: a1 } = await send(chatId, [q1]);
    // The page's copy of the reply, cut short (stop()) and so edited: the same reply, by its id. Only the last message is read.
    const cut: UIMessage = { ...a1, parts: [{ type: "text", text: "Noted: your name is Mallory" }] };
    await send(chatId, [q1, cut, user("What is my name?")]);
    const seen = (await requests(chatId)).requests[1]!.messages.map((m) => String(m.content));
    expect(seen).toContain("Noted: your name is Ada.");
    expect(seen.some((t) => t.includes("Mallory"))).toBe(false);
  });

  it("pauses for approval with a tool-approval-request and a data-approval part, and resumes when the next request approves", async () => {
    const chatId = uniqueId("ui-approval");
    const marker = await script(chatId, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "The sum is 1112." }]);
    const question = user(`${marker} Add them`);
    const paused = await send(chatId, [question]);
    const part = paused.message.parts.find((p) => p.type === "dynamic-tool") as Extract<UIMessage["parts"][number], { type: "dynamic-tool" }>;
    expect(part).toMatchObject({ toolName: "calculate", state: "approval-requested" });
    const approval = paused.message.parts.find((p) => p.type === "data-approval") as { data: { approvalId: string; name: string } };
    expect(approval.data).toMatchObject({ name: "calculate", approvalId: (part as { approval: { id: string } }).approval.id });
    expect(paused.chunks.at(-1)).toMatchObject({ type: "finish", finishReason: "tool-calls" });

    // What addToolApprovalResponse does to the message, then the automatic resend.
    const answered: UIMessage = {
      ...paused.message,
      parts: paused.message.parts.map((p) =>
        p === part ? { ...part, state: "approval-responded", approval: { id: part.approval!.id, approved: true } } : p,
      ) as UIMessage["parts"],
    };
    const resumed = await send(chatId, [question, answered]);
    const done = resumed.message.parts.find((p) => p.type === "dynamic-tool");
    expect(done).toMatchObject({ toolName: "calculate", state: "output-available", output: "1111+1 = 1112" });
    expect(resumed.message.parts.filter((p) => p.type === "text").map((p) => (p as { text: string }).text)).toContain("The sum is 1112.");
    const session = (await (await call(`/v1/sessions/${chatId}`)).json()) as { runs: { status: string }[] };
    expect(session.runs.at(-1)!.status).toBe("completed");
  });

  it("a saved lesson arrives as a data-lesson part", async () => {
    const chatId = uniqueId("ui-lesson");
    const marker = await script(chatId, studyReplies(String(env.SEARCH_BASE_URL), chatId));
    const { message } = await send(chatId, [user(`${marker} I want to learn derivatives`)]);
    const lesson = message.parts.find((p) => p.type === "data-lesson") as { id: string; data: { key: string; link: string; status: string } };
    expect(lesson).toMatchObject({ id: `${chatId}.md`, data: { key: `${chatId}.md`, link: `/v1/lessons/${chatId}.md`, status: "final" } });
  });

  it("refuses a body without a user message or approval answers", async () => {
    const res = await call("/v1/ui/chat", {
      method: "POST",
      json: { id: uniqueId("ui-bad"), messages: [{ id: "a", role: "assistant", parts: [{ type: "text", text: "hi" }] }] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
  });

  it("refuses a body field it does not honour, naming it", async () => {
    const res = await call("/v1/ui/chat", {
      method: "POST",
      json: { id: uniqueId("ui-extra"), messages: [user("hi")], tool_choice: "required" },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain("tool_choice");
  });
});
