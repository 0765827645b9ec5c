// A run paused on an MCP server's question (input.required) ends its response `incomplete` with
// `awaiting_input`, and its output says what is asked: a message item of its own (OpenAI has no item for a
// question to a person) with the server's words, its form's fields and the route the answer is posted to,
// marked `phase: "commentary"` so the `openai` client's structured-output parse passes it over. The real
// `openai` client reads it, JSON and streamed: the same assembler feeds both and GET /v1/responses/:id.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import type { SourcedEvent } from "../../../src/agent";
import { ResponseAssembler, type ResponseMeta } from "../../../src/openai-compatible/responses/response-assembler";
import { responseId } from "../../../src/openai-compatible/responses/response-id";
import type { RunView } from "../../../src/session/runs/run-views";

const ref = { sessionId: "s-asks", runId: "run_1" };
const meta: ResponseMeta = {
  id: responseId(ref),
  ref,
  createdAt: 1,
  instructions: null,
  previousResponseId: null,
  conversation: null,
  metadata: {},
  background: false,
  store: true,
  echo: { tools: [], toolChoice: "auto", parallelToolCalls: true, truncation: "disabled", maxOutputTokens: null },
};
const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
const run = { runId: ref.runId, status: "awaiting_input", output: "", usage, createdAt: "2026-01-01T00:00:00Z" } as unknown as RunView;
const events = [
  { type: "text.delta", delta: "Un momento." },
  { type: "tool.started", callId: "c1", name: "mcp__wiki__level", args: {} },
  {
    type: "input.required",
    inputId: "inp_91c2",
    server: "wiki",
    message: "¿Qué nivel tienes?",
    requestedSchema: { type: "object", properties: { level: { type: "string", title: "Nivel" }, topic: { type: "string" } }, required: ["level"] },
    expiresAt: "2026-01-01T00:10:00Z",
  },
] as unknown as SourcedEvent[];

/** The stream events and the JSON response the route would send for these run events. */
function assembled() {
  const a = new ResponseAssembler(meta);
  const stream = [...a.start(), ...events.flatMap((event) => a.push({ event })), ...a.finish(run)];
  return { stream, json: new ResponseAssembler(meta).final(run), assembler: a };
}

/** The `openai` client, answered with `body` whatever it asks. */
const clientAnswering = (body: () => Response) => new OpenAI({ apiKey: "k", baseURL: "http://agent.test/v1", maxRetries: 0, fetch: async () => body() });

const QUESTION = "⏸️ ❓ wiki: ¿Qué nivel tienes?\n📝 level* (Nivel), topic\n→ POST /v1/sessions/s-asks/inputs/inp_91c2";

describe("a response whose run waits on an MCP server's question", () => {
  it("names the question, its fields and the route to answer it in a commentary message, which the openai client reads", async () => {
    const { stream } = assembled();
    const a = new ResponseAssembler(meta);
    for (const event of events) a.push({ event });
    const body = a.final(run);
    const response = await clientAnswering(() => Response.json(body)).responses.create({ model: "study-agent", input: "¿me preguntas?" });
    expect(response).toMatchObject({ status: "incomplete", incomplete_details: { reason: "awaiting_input" } });
    const asked = response.output.at(-1);
    expect(asked).toMatchObject({ type: "message", role: "assistant", status: "completed", phase: "commentary" });
    expect(asked?.type === "message" && asked.content).toEqual([{ type: "output_text", text: QUESTION, annotations: [], logprobs: [] }]);
    expect(response.output_text).toBe(`Un momento.${QUESTION}`);
    // The stream's last message item is the same item.
    expect(stream.filter((e) => e.type === "response.output_item.done").at(-1)?.item).toEqual(asked);
  });

  it("streams it as a whole message item the openai client's stream accumulates", async () => {
    const { stream } = assembled();
    const sse = stream.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("");
    const client = clientAnswering(() => new Response(sse, { headers: { "content-type": "text/event-stream" } }));
    const final = await client.responses.stream({ model: "study-agent", input: "¿me preguntas?" }).finalResponse();
    expect(final.status).toBe("incomplete");
    expect(final.output.map((o) => o.type)).toEqual(["message", "mcp_call", "message"]);
    expect(final.output_text).toContain(QUESTION);
  });

  it("leaves the question out of a structured answer the openai client parses", async () => {
    const a = new ResponseAssembler({ ...meta, format: { type: "json_object" } });
    for (const event of [...events.slice(1), { type: "text.delta", delta: '{"ok":true}' } as unknown as SourcedEvent]) a.push({ event });
    const body = a.final({ ...run, status: "completed" });
    const parsed = await clientAnswering(() => Response.json(body)).responses.parse({
      model: "study-agent",
      input: "x",
      text: { format: { type: "json_schema", name: "ok", schema: { type: "object", properties: { ok: { type: "boolean" } } } } },
    });
    expect(parsed.output_parsed).toEqual({ ok: true });
  });
});
