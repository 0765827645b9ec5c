// Runs the real agent loop against a ScriptedModel over HTTP, collecting its events and messages.
import type { SourcedEvent } from "../../src/agent/events";
import { runLoop, type LoopOptions, type LoopResult } from "../../src/agent/loop";
import { userMessage, type Message } from "../../src/agent/messages";
import { createOpenAIModel } from "../../src/agent/model";
import { ToolRegistry, type Tool } from "../../src/agent/tools";
import { ScriptedModel, type Reply } from "./scripted-model";

export interface LoopRun {
  result: LoopResult;
  events: SourcedEvent[];
  messages: Message[];
}

let n = 0;

export class LoopHarness {
  readonly model = new ScriptedModel();

  async start(): Promise<this> {
    await this.model.listen();
    return this;
  }

  stop(): Promise<void> {
    return this.model.close();
  }

  client(opts: { maxRetries?: number; timeoutMs?: number } = {}) {
    return createOpenAIModel({ apiKey: "sk-test", baseURL: this.model.baseURL, model: "scripted-model", timeoutMs: opts.timeoutMs ?? 10_000, maxRetries: opts.maxRetries ?? 0 });
  }

  /** Registers a fresh script and runs the loop on `input` with it. */
  async run(
    replies: Reply[],
    opts: Omit<Partial<LoopOptions>, "tools"> & { tools?: Tool[] | ToolRegistry; input?: string; key?: string; maxRetries?: number; timeoutMs?: number } = {},
  ): Promise<LoopRun & { key: string }> {
    const key = opts.key ?? `loop-${++n}`;
    const marker = this.model.script(key, replies);
    const events: SourcedEvent[] = [];
    const messages: Message[] = [...(opts.history ?? [userMessage(`${marker} ${opts.input ?? "go"}`)])];
    const tools = opts.tools instanceof ToolRegistry ? opts.tools : new ToolRegistry(opts.tools ?? []);
    const { tools: _t, input: _i, key: _k, maxRetries, timeoutMs, ...rest } = opts;
    const result = await runLoop({
      runId: `run-${key}`,
      sessionId: "test-session",
      model: this.client({ maxRetries, timeoutMs }),
      system: "You are a test agent.",
      tools,
      history: messages.slice(),
      maxSteps: 10,
      signal: new AbortController().signal,
      stream: false,
      emit: (e) => events.push(e),
      onMessage: (m) => void messages.push(m),
      ...rest,
    });
    return { result, events, messages, key };
  }
}

export const eventTypes = (events: SourcedEvent[]) => events.map((e) => e.type);
