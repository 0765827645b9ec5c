// An in-memory ModelClient for the core's tests: scripted replies, every request recorded as the loop
// sent it (core messages, not a wire format). The loop under test is the real one; only the model is a
// script. Provider tests, which test a wire, use the HTTP scripted server instead (scripted-model.ts).
//
// Scripts are keyed as on the scripted server: a request belongs to the script whose `[[script:KEY]]`
// marker appears in its system prompt or any message (a test's input, a subagent's prompt, a summary's
// transcript); a request without the marker of a script of this model takes the default script (a model
// given its replies up front answers a history another model's marker is in). When a script runs out the
// call fails, so a test sees the loop went one step too far.
import type { Usage } from "../../src/agent/events";
import { newId, type Message } from "../../src/agent/messages";
import { ModelError, type ModelClient, type ModelPurpose, type ModelRequest, type ModelResponse } from "../../src/agent/model";

export interface FakeToolCall {
  name: string;
  /** An object is JSON-encoded; a string is sent as is (to script invalid JSON). */
  args: unknown;
  id?: string;
}

export interface FakeReply {
  text?: string;
  toolCalls?: FakeToolCall[];
  /** Defaults to "tool_calls" when there are calls, else "stop". */
  finishReason?: string;
  /** The provider's count; estimated from the request (4 characters a token) when absent. */
  usage?: { promptTokens: number; completionTokens: number };
  /** A reasoning model's thinking, streamed before the text. */
  reasoning?: string;
  /** Pieces the text is streamed in (default 3). */
  pieces?: number;
  /** Wait before answering; the run's signal ends the wait as a cancel. */
  delayMs?: number;
  /** Fail the call with this ModelError code instead (model_unavailable, …). */
  error?: string;
  /** Computed from the request. */
  dynamic?: (req: ModelRequest) => FakeReply;
}

interface Script {
  replies: FakeReply[];
  requests: ModelRequest[];
}

const KEY_RE = /\[\[script:([A-Za-z0-9_.:-]+)\]\]/g;
const DEFAULT = "";

export class FakeModel implements ModelClient {
  readonly model = "fake-model";
  private readonly scripts = new Map<string, Script>();
  private readonly defaultScript: Script;

  constructor(
    replies: FakeReply[] = [],
    readonly purpose?: ModelPurpose,
  ) {
    this.defaultScript = { replies: [...replies], requests: [] };
    this.scripts.set(DEFAULT, this.defaultScript);
  }

  /** Registers (or replaces) a script; returns the marker that routes a request to it. */
  script(key: string, replies: FakeReply[]): string {
    this.scripts.set(key, { replies: [...replies], requests: [] });
    return `[[script:${key}]]`;
  }

  /** The requests a script answered (the default script's without a key). */
  requests(key = DEFAULT): ModelRequest[] {
    return this.scripts.get(key)?.requests ?? [];
  }

  /** The script a request belongs to: the first marker of a script of this model, else the default. */
  private scriptOf(req: ModelRequest): { key: string; script: Script } {
    for (const text of [req.system, ...req.messages.map(textOf)]) {
      for (const [, key = DEFAULT] of text.matchAll(KEY_RE)) {
        const script = this.scripts.get(key);
        if (script) return { key, script };
      }
    }
    return { key: DEFAULT, script: this.defaultScript };
  }

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const { key, script } = this.scriptOf(req);
    // A copy: the loop goes on appending to the arrays it passed.
    script.requests.push({ ...req, messages: [...req.messages], tools: [...req.tools] });
    let reply = script.replies.shift();
    if (!reply) throw new ModelError("model_error", `script ${key || "(default)"} has no replies left`);
    if (reply.dynamic) reply = { ...reply, ...reply.dynamic(req) };
    if (reply.delayMs) await abortableDelay(reply.delayMs, req.signal);
    if (req.signal.aborted) throw new ModelError("cancelled", "The run was cancelled.");
    if (reply.error) throw new ModelError(reply.error, `scripted ${reply.error}`);
    if (req.stream) {
      for (const piece of split(reply.reasoning ?? "", reply.pieces ?? 3)) req.onReasoningDelta?.(piece);
      for (const piece of split(reply.text ?? "", reply.pieces ?? 3)) req.onTextDelta?.(piece);
    }
    const toolCalls = (reply.toolCalls ?? []).map((c) => ({
      id: c.id ?? newId("call"),
      name: c.name,
      args: typeof c.args === "string" ? c.args : JSON.stringify(c.args ?? {}),
    }));
    return {
      content: reply.text ?? "",
      toolCalls,
      finishReason: reply.finishReason ?? (toolCalls.length ? "tool_calls" : "stop"),
      usage: usage(reply, req),
      retries: 0,
      latencyMs: 0,
    };
  }
}

const textOf = (m: Message): string => (m.role === "assistant" ? `${m.content} ${JSON.stringify(m.toolCalls ?? [])}` : m.content);

/** The prompt's size as this model counts it: 4 characters a token of what a provider is sent (no ids or times of ours). */
export const promptTokensOf = (req: ModelRequest): number => {
  const sent = req.messages.map((m) => [m.role, m.content, m.role === "assistant" ? m.toolCalls : undefined, m.role === "tool" ? m.toolCallId : undefined]);
  return Math.ceil((req.system.length + JSON.stringify(sent).length + JSON.stringify(req.tools).length) / 4);
};

function usage(reply: FakeReply, req: ModelRequest): Usage {
  const { promptTokens, completionTokens } = reply.usage ?? {
    promptTokens: promptTokensOf(req),
    completionTokens: Math.ceil(((reply.text ?? "").length + JSON.stringify(reply.toolCalls ?? []).length) / 4),
  };
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

function split(s: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(s.length / n));
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
