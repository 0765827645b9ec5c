// The OpenAI provider over a fetch that keeps each request's body and headers and answers with a plain
// completion (or, for a streamed request, a two-chunk stream): for tests of what a request carries.
import { createOpenAIModel } from "../../src/agent/providers/openai";

/** A model over a fetch that keeps each request's body and answers with a plain completion (or a stream). */
export function capturingModel() {
  const bodies: Array<Record<string, unknown>> = [];
  const headers: Headers[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    bodies.push(JSON.parse(String(init?.body)));
    headers.push(new Headers(init?.headers));
    const stream = bodies.at(-1)!.stream === true;
    if (!stream)
      return Response.json({
        id: "c",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
      });
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    return new Response(`${chunk({ role: "assistant", content: "ok" }, null)}${chunk({}, "stop")}data: [DONE]\n\n`, {
      headers: { "content-type": "text/event-stream" },
    });
  };
  const model = createOpenAIModel({ apiKey: "sk-test", baseURL: "http://model.test/v1", model: "m", timeoutMs: 5_000, maxRetries: 0, fetch });
  return { model, bodies, headers };
}
