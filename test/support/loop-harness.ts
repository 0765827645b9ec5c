// Runs the real agent loop against a ScriptedModel over HTTP, collecting its events and messages.
import type { SourcedEvent } from "../../src/agent/events";
import { runLoop, type LoopOptions, type LoopResult } from "../../src/agent/loop";
import { userMessage, type Message } from "../../src/agent/messages";
import type { ModelClient } from "../../src/agent/model";
import { createOpenAIModel } from "../../src/agent/providers/openai";
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
    return createOpenAIModel({
      apiKey: "sk-test",
      baseURL: this.model.baseURL,
      model: "scripted-model",
      timeoutMs: opts.timeoutMs ?? 10_000,
      maxRetries: opts.maxRetries ?? 0,
    });
  }

  /**
   * A model client of its own script, for model calls made outside the loop (a tool's own call): the
   * script's marker rides in the system prompt, since such a request carries no user input of the test.
   */
  keyedClient(key: string, replies: Reply[]): ModelClient {
    const marker = this.model.script(key, replies);
    const client = this.client();
    return { model: client.model, complete: (req) => client.complete({ ...req, system: `${req.system} ${marker}` }) };
  }

  /**
   * Registers a script under `key` and builds what every test run needs: the history (the user's input
   * carrying the script's marker), an event log, and the loop options that persist into them.
   */
  prepare(key: string, replies: Reply[], opts: { history?: Message[]; input?: string; model?: ModelClient } = {}) {
    const marker = this.model.script(key, replies);
    const events: SourcedEvent[] = [];
    const messages: Message[] = [...(opts.history ?? [userMessage(`${marker} ${opts.input ?? "go"}`)])];
    const base = {
      runId: `run-${key}`,
      sessionId: "test-session",
      model: opts.model ?? this.client(),
      system: "You are a test agent.",
      history: messages.slice(),
      maxSteps: 10,
      signal: new AbortController().signal,
      stream: false,
      emit: (e: SourcedEvent) => void events.push(e),
      onMessage: (m: Message) => void messages.push(m),
    };
    return { events, messages, base };
  }

  /** Registers a fresh script and runs the loop on `input` with it. */
  async run(
    replies: Reply[],
    opts: Omit<Partial<LoopOptions>, "tools"> & { tools?: Tool[] | ToolRegistry; input?: string; key?: string; maxRetries?: number; timeoutMs?: number } = {},
  ): Promise<LoopRun & { key: string }> {
    const key = opts.key ?? `loop-${++n}`;
    const { tools: _t, input, key: _k, maxRetries, timeoutMs, ...rest } = opts;
    const { events, messages, base } = this.prepare(key, replies, { history: opts.history, input, model: this.client({ maxRetries, timeoutMs }) });
    const tools = opts.tools instanceof ToolRegistry ? opts.tools : new ToolRegistry(opts.tools ?? []);
    const result = await runLoop({ ...base, tools, ...rest });
    return { result, events, messages, key };
  }
}

export const eventTypes = (events: SourcedEvent[]) => events.map((e) => e.type);
