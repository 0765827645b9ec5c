// Peer 2 of bench/durable/compare.mjs: Cloudflare's Agents SDK AIChatAgent (agents + @cloudflare/ai-chat
// + ai), the platform's own durable chat agent, with the same calculate tool against the same scripted
// model. POST /v1/sessions/:id/runs {input} runs one turn through saveMessages (persisted messages,
// the AI SDK's multi-step tool loop) and answers with an SSE `run.completed`, so bench/worker/lib.mjs's
// streamRun drives it like the product. No client is connected, so the agent broadcasts to nobody:
// a little less work than our stream, which a client reads.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { AIChatAgent } from "@cloudflare/ai-chat";
import { getAgentByName } from "agents";
import { convertToModelMessages, stepCountIs, streamText, tool } from "ai";
import { z } from "zod";
import { evaluate } from "../../../src/tools/calculate";

interface Env {
  Chat: DurableObjectNamespace<Chat>;
  OPENAI_BASE_URL: string;
  OPENAI_API_KEY: string;
  MODEL: string;
}

export class Chat extends AIChatAgent<Env> {
  async onChatMessage(onFinish: Parameters<AIChatAgent<Env>["onChatMessage"]>[0]) {
    const model = createOpenAICompatible({ name: "scripted", baseURL: this.env.OPENAI_BASE_URL, apiKey: this.env.OPENAI_API_KEY, includeUsage: true })(
      this.env.MODEL,
    );
    const result = streamText({
      model,
      messages: await convertToModelMessages(this.messages),
      tools: {
        calculate: tool({
          description: "Evaluate an arithmetic expression.",
          inputSchema: z.object({ expression: z.string() }),
          execute: async ({ expression }) => String(evaluate(expression)),
        }),
      },
      stopWhen: stepCountIs(100),
      onFinish,
    });
    return result.toUIMessageStreamResponse();
  }

  async onRequest(request: Request): Promise<Response> {
    const { input } = await request.json<{ input: string }>();
    const turn = await this.saveMessages((messages) => [...messages, { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text: input }] }]);
    const status = turn.status === "completed" ? "completed" : "failed";
    return new Response(`event: run.completed\ndata: ${JSON.stringify({ status, error: turn.error })}\n\n`, {
      headers: { "content-type": "text/event-stream" },
    });
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/healthz") return Response.json({ ok: true });
    const m = /^\/v1\/sessions\/([^/]+)\/runs$/.exec(url.pathname);
    if (!m || request.method !== "POST") return new Response("not found", { status: 404 });
    const agent = await getAgentByName(env.Chat, decodeURIComponent(m[1]!));
    return agent.fetch(request);
  },
} satisfies ExportedHandler<Env>;
