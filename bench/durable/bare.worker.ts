// The floor for a durable agent loop on Workers (issue 17's peer 1): a Worker and a SQLite Durable
// Object that run the plain `openai` tool loop and write each message to SQLite as it exists, with
// nothing else (no trace, todos, context manager, permissions or hooks). It speaks just enough of our
// run route (`POST /v1/sessions/:id/runs`, SSE ending in `run.completed`) for bench/worker/lib.mjs's
// streamRun to drive it like the product.
import { DurableObject } from "cloudflare:workers";
import OpenAI from "openai";
import { evaluate } from "../../src/tools/calculate";

interface Env {
  SESSIONS: DurableObjectNamespace<BareSession>;
  OPENAI_BASE_URL: string;
  OPENAI_API_KEY: string;
  MODEL: string;
}

type Msg = OpenAI.Chat.Completions.ChatCompletionMessageParam;

const TOOLS: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: "calculate",
      description: "Evaluate an arithmetic expression.",
      parameters: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
    },
  },
];

export class BareSession extends DurableObject<Env> {
  private readonly sql = this.ctx.storage.sql;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql.exec("CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL)");
  }

  async run(input: string): Promise<ReadableStream<Uint8Array>> {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    void this.loop(input, writable.getWriter());
    return readable;
  }

  private async loop(input: string, out: WritableStreamDefaultWriter<Uint8Array>): Promise<void> {
    const encoder = new TextEncoder();
    const send = (event: string, data: unknown) => out.write(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    const client = new OpenAI({ apiKey: this.env.OPENAI_API_KEY, baseURL: this.env.OPENAI_BASE_URL, maxRetries: 0 });
    const messages: Msg[] = this.sql
      .exec<{ body: string }>("SELECT body FROM messages ORDER BY seq")
      .toArray()
      .map((r) => JSON.parse(r.body) as Msg);
    const append = (m: Msg) => {
      messages.push(m);
      this.sql.exec("INSERT INTO messages (body) VALUES (?)", JSON.stringify(m));
    };
    append({ role: "user", content: input });
    let steps = 0;
    for (;;) {
      steps++;
      const stream = await client.chat.completions.create({ model: this.env.MODEL, messages, tools: TOOLS, stream: true });
      let content = "";
      const calls: Array<{ id: string; name: string; args: string }> = [];
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (delta?.content) {
          content += delta.content;
          await send("text.delta", { delta: delta.content });
        }
        for (const t of delta?.tool_calls ?? []) {
          const call = (calls[t.index] ??= { id: "", name: "", args: "" });
          call.id ||= t.id ?? "";
          call.name ||= t.function?.name ?? "";
          call.args += t.function?.arguments ?? "";
        }
      }
      append({
        role: "assistant",
        content,
        ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: "function" as const, function: { name: c.name, arguments: c.args } })) } : {}),
      });
      if (!calls.length) break;
      for (const c of calls) {
        await send("tool.started", { callId: c.id, name: c.name });
        const output = String(evaluate(JSON.parse(c.args).expression));
        append({ role: "tool", tool_call_id: c.id, content: output });
        await send("tool.finished", { callId: c.id, name: c.name, status: "success", output });
      }
    }
    await send("run.completed", { status: "completed", steps });
    await out.close();
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/healthz") return Response.json({ ok: true });
    const m = /^\/v1\/sessions\/([^/]+)\/runs$/.exec(url.pathname);
    if (!m || request.method !== "POST") return new Response("not found", { status: 404 });
    const { input } = await request.json<{ input: string }>();
    const stub = env.SESSIONS.get(env.SESSIONS.idFromName(decodeURIComponent(m[1]!)));
    return new Response(await stub.run(input), { headers: { "content-type": "text/event-stream" } });
  },
} satisfies ExportedHandler<Env>;
