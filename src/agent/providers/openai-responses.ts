// The OpenAI Responses API provider (MODEL_API=responses), which OpenAI's reasoning models favour. It
// converts domain messages to input items and back. Requests are stateless (`store: false`), so the
// reasoning items a reply carries (encrypted, as `include` asks) are kept by the call ids they led to and
// sent again before those calls in the next steps' input, as the API expects. Its messages have no `name`
// field: a named user's or assistant's turn reaches the model with the name before its text ("alice: …").
import type OpenAI from "openai";
import type { Stream } from "openai/streaming";
import type { Usage } from "../events";
import { namedText, toolResultText, type ImageRef, type Message, type ToolCall } from "../messages";
import { ModelError, type ModelClient, type ModelRequest, type ToolChoice } from "../model";
import type { ToolSpec } from "../tools";
import { openAIClient, postJson, unseenImage, type ModelConfig, type ModelReply } from "./openai";

type InputItem = OpenAI.Responses.ResponseInputItem;
type Reasoning = OpenAI.Responses.ResponseReasoningItem;

export function createOpenAIResponsesModel(cfg: ModelConfig): ModelClient {
  const { client, countedCall } = openAIClient(cfg);
  /** Reasoning items by the id of the first call that followed them: this client lives for one run. */
  const reasoning = new Map<string, Reasoning[]>();
  return {
    model: cfg.model,
    complete(req) {
      // The Responses API nests the effort, the summary and the verbosity and names the cap otherwise; the
      // other fields go as they are (OpenAI's refuses those it lacks: seed, the penalties, the other servers'
      // extensions).
      const { reasoning_effort: effort, reasoning_summary: summary, max_completion_tokens: cap, verbosity, ...sampling } = req.sampling ?? {};
      const thinking = { ...(effort ? { effort } : {}), ...(summary ? { summary } : {}) };
      const text = { ...(req.responseFormat ? { format: req.responseFormat } : {}), ...(verbosity ? { verbosity } : {}) };
      const body = {
        model: cfg.model,
        ...sampling,
        ...(Object.keys(thinking).length ? { reasoning: thinking } : {}),
        ...(cap ? { max_output_tokens: cap } : {}),
        instructions: req.system,
        input: toInput(req.messages, reasoning, req.images),
        store: false,
        include: ["reasoning.encrypted_content" as const],
        ...(req.tools.length ? { tools: toFunctionTools(req.tools), tool_choice: toolChoiceOf(req.toolChoice) } : {}),
        // The Responses API spells a format as the domain does: {type, name, schema, strict}.
        ...(Object.keys(text).length ? { text } : {}),
        ...(req.tools.length && req.parallelToolCalls !== undefined ? { parallel_tool_calls: req.parallelToolCalls } : {}),
      };
      return countedCall(req.signal, async (options) => {
        const reply = req.stream
          ? await readStream(
              await postJson<Stream<OpenAI.Responses.ResponseStreamEvent>>(client, "/responses", JSON.stringify({ ...body, stream: true }), options, true),
              req,
            )
          : readResponse(
              await postJson<OpenAI.Responses.Response>(client, "/responses", JSON.stringify({ ...body, stream: false }), options, false),
              req,
              true,
            );
        const items = reply.reasoning;
        if (items.length && reply.toolCalls[0]) reasoning.set(reply.toolCalls[0].id, items);
        return reply;
      });
    },
  };
}

/** Domain messages → input items; an assistant's calls are preceded by the reasoning that led to them. */
function toInput(messages: readonly Message[], reasoning: ReadonlyMap<string, Reasoning[]>, images?: ReadonlyMap<string, string>): InputItem[] {
  const out: InputItem[] = [];
  for (const m of messages) {
    if (m.role === "user") out.push({ role: "user", content: userInput(namedText(m.name, m.content), m.images, images) });
    else if (m.role === "summary") out.push({ role: "user", content: userInput(`[Summary of the earlier conversation]\n${m.content}`, m.images, images) });
    else if (m.role === "tool") out.push({ type: "function_call_output", call_id: m.toolCallId, output: toolResultText(m) });
    else {
      const first = m.toolCalls?.[0];
      if (first) out.push(...(reasoning.get(first.id) ?? []));
      if (m.content) out.push({ role: "assistant", content: namedText(m.name, m.content) });
      for (const c of m.toolCalls ?? []) out.push({ type: "function_call", call_id: c.id, name: c.name, arguments: c.args });
    }
  }
  return out;
}

/** A user turn's (or a summary's) content: its text, then each image as `input_image` (at its detail) when loaded, else a line saying so. */
function userInput(
  text: string,
  refs: readonly ImageRef[] | undefined,
  images: ReadonlyMap<string, string> | undefined,
): OpenAI.Responses.EasyInputMessage["content"] {
  if (!refs?.length) return text;
  const parts: OpenAI.Responses.ResponseInputContent[] = text ? [{ type: "input_text", text }] : [];
  for (const i of refs) {
    const url = images?.get(i.key);
    parts.push(url ? { type: "input_image", image_url: url, detail: i.detail ?? "auto" } : { type: "input_text", text: unseenImage(i) });
  }
  return parts;
}

const toFunctionTools = (specs: readonly ToolSpec[]): OpenAI.Responses.FunctionTool[] =>
  specs.map((t) => ({ type: "function", name: t.name, description: t.description, parameters: t.parameters, strict: t.strict === true }));

function toolChoiceOf(choice: ToolChoice | undefined): OpenAI.Responses.ResponseCreateParams["tool_choice"] {
  if (!choice) return "auto";
  return typeof choice === "string" ? choice : { type: "function", name: choice.name };
}

const usageOf = (u: OpenAI.Responses.ResponseUsage | null | undefined): Usage | undefined =>
  u ? { promptTokens: u.input_tokens ?? 0, completionTokens: u.output_tokens ?? 0, totalTokens: u.total_tokens ?? 0 } : undefined;

/** A finished response → the reply; `deltas` when its reasoning was not streamed already (the loop shows a non-streamed text itself). */
function readResponse(res: OpenAI.Responses.Response, req: ModelRequest, deltas: boolean): ModelReply & { reasoning: Reasoning[] } {
  if (res.status === "failed" || res.error) throw new ModelError("model_error", `The model failed the response: ${res.error?.message ?? "no reason given"}`);
  let content = "";
  const toolCalls: ToolCall[] = [];
  const reasoning: Reasoning[] = [];
  for (const item of res.output ?? []) {
    if (item.type === "message") for (const part of item.content) content += part.type === "output_text" ? part.text : "";
    else if (item.type === "function_call") toolCalls.push({ id: item.call_id, name: item.name, args: item.arguments });
    else if (item.type === "reasoning") {
      reasoning.push(item);
      const summary = item.summary.map((s) => s.text).join("\n");
      if (deltas && summary) req.onReasoningDelta?.(summary);
    }
  }
  const cut = res.status === "incomplete" && res.incomplete_details?.reason === "max_output_tokens";
  return { content, toolCalls, finishReason: cut ? "length" : toolCalls.length ? "tool_calls" : "stop", usage: usageOf(res.usage), reasoning };
}

/** The semantic events: text and reasoning as they come, then the completed response for the rest. */
async function readStream(events: AsyncIterable<OpenAI.Responses.ResponseStreamEvent>, req: ModelRequest): Promise<ModelReply & { reasoning: Reasoning[] }> {
  try {
    for await (const e of events) {
      if (e.type === "response.output_text.delta") req.onTextDelta?.(e.delta);
      else if (e.type === "response.reasoning_summary_text.delta" || e.type === "response.reasoning_text.delta") req.onReasoningDelta?.(e.delta);
      else if (e.type === "response.completed" || e.type === "response.incomplete" || e.type === "response.failed") return readResponse(e.response, req, false);
      else if (e.type === "error") throw new ModelError("model_error", `The model failed the response: ${e.message}`);
    }
  } catch (e) {
    if (e instanceof ModelError || req.signal.aborted) throw e;
    throw new ModelError("model_stream_cut", `The model's stream broke off before it finished (${e instanceof Error ? e.message : String(e)}).`);
  }
  throw new ModelError("model_stream_cut", "The model's stream ended before it finished.");
}
