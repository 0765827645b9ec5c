// The scripted model's Responses API wire (POST /v1/responses): a reply as output items (a reasoning item
// with an encrypted payload, a message, function calls), whole or as semantic stream events.
import type { ServerResponse } from "node:http";
import { argsText, type Reply } from "./scripted-model";

type Usage = { prompt_tokens: number; completion_tokens: number };

const rid = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

/** The request's instructions and input items as the recorded "messages" (the script key is found in them). */
export function responsesMessages(body: Record<string, unknown>): Array<{ role: string; content?: unknown }> {
  const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : ((body.input as Array<{ role?: string }>) ?? []);
  return [{ role: "system", content: body.instructions ?? "" }, ...input.map((i) => ({ role: i.role ?? "item", ...i }))];
}

function responseOf(reply: Reply, usage: Usage, model: string) {
  const output: unknown[] = [];
  if (reply.reasoning)
    output.push({ type: "reasoning", id: rid("rs"), summary: [{ type: "summary_text", text: reply.reasoning }], encrypted_content: rid("enc") });
  if (reply.text)
    output.push({
      type: "message",
      id: rid("msg"),
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: reply.text, annotations: [] }],
    });
  (reply.toolCalls ?? []).forEach((c, i) =>
    output.push({ type: "function_call", id: rid("fc"), call_id: c.id ?? `call_${i}_${rid("x")}`, name: c.name, arguments: argsText(c), status: "completed" }),
  );
  return {
    id: rid("resp"),
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: "completed",
    model,
    output,
    error: null,
    incomplete_details: null,
    usage: {
      input_tokens: usage.prompt_tokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.completion_tokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
    },
  };
}

export function sendResponse(res: ServerResponse, reply: Reply, usage: Usage, body: Record<string, unknown>): void {
  const response = responseOf(reply, usage, String(body.model));
  if (body.stream !== true) {
    res.writeHead(200, { "content-type": "application/json" });
    return void res.end(JSON.stringify(response));
  }
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  let sequence = 0;
  const send = (e: Record<string, unknown>) => res.write(`event: ${String(e.type)}\ndata: ${JSON.stringify({ ...e, sequence_number: sequence++ })}\n\n`);
  const pending = { ...response, status: "in_progress", output: [], usage: null };
  send({ type: "response.created", response: pending });
  response.output.forEach((item, output_index) => {
    const it = item as { type: string; id: string; summary?: Array<{ text: string }>; content?: Array<{ text: string }> };
    send({ type: "response.output_item.added", output_index, item: { ...it, ...(it.type === "message" ? { content: [] } : {}) } });
    if (it.type === "reasoning")
      send({ type: "response.reasoning_summary_text.delta", item_id: it.id, output_index, summary_index: 0, delta: it.summary![0]!.text });
    if (it.type === "message")
      for (const piece of it.content![0]!.text.match(/.{1,8}/gs) ?? [])
        send({ type: "response.output_text.delta", item_id: it.id, output_index, content_index: 0, delta: piece, logprobs: [] });
    send({ type: "response.output_item.done", output_index, item });
  });
  send({ type: "response.completed", response });
  res.end();
}
