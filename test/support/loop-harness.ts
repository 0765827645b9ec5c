// Runs the real agent loop against an in-memory FakeModel (fake-model.ts), collecting its events and
// messages: what the core's tests need, without a wire in between. Provider tests run the loop over the
// HTTP scripted server instead (wire-loop-harness.ts), through the same runScriptedLoop.
import type { SourcedEvent } from "../../src/agent/events";
import { runLoop, type LoopOptions, type LoopResult } from "../../src/agent/loop";
import { userMessage, type Message } from "../../src/agent/messages";
import type { ModelClient } from "../../src/agent/model";
import { ToolRegistry, type Tool } from "../../src/agent/tools";
import { FakeModel, type FakeReply } from "./fake-model";

export interface LoopRun {
  result: LoopResult;
  events: SourcedEvent[];
  messages: Message[];
  key: string;
}

export type LoopRunOptions = Omit<Partial<LoopOptions>, "tools"> & { tools?: Tool[] | ToolRegistry; input?: string; key?: string };

let n = 0;
export const nextKey = (prefix = "loop") => `${prefix}-${++n}`;

/**
 * What every test run needs: the history (the user's input carrying the script's marker), an event log,
 * and the loop options that persist into them.
 */
export function loopParts(marker: string, key: string, model: ModelClient, opts: { history?: Message[]; input?: string } = {}) {
  const events: SourcedEvent[] = [];
  const messages: Message[] = [...(opts.history ?? [userMessage(`${marker} ${opts.input ?? "go"}`)])];
  const base = {
    runId: `run-${key}`,
    sessionId: "test-session",
    model,
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

/** Runs the loop on a script already registered under `key` (its `marker`), with `model`. */
export async function runScriptedLoop(marker: string, key: string, model: ModelClient, opts: LoopRunOptions): Promise<LoopRun> {
  const { tools, input, key: _key, history, ...rest } = opts;
  const { events, messages, base } = loopParts(marker, key, model, { history, input });
  const registry = tools instanceof ToolRegistry ? tools : new ToolRegistry(tools ?? []);
  const result = await runLoop({ ...base, tools: registry, ...rest });
  return { result, events, messages, key };
}

export class LoopHarness {
  readonly model = new FakeModel();

  /** Registers a script under `key` and builds the parts of a run on it (see loopParts). */
  prepare(key: string, replies: FakeReply[], opts: { history?: Message[]; input?: string } = {}) {
    return loopParts(this.model.script(key, replies), key, this.model, opts);
  }

  /** Registers a fresh script and runs the loop on `input` with it. */
  run(replies: FakeReply[], opts: LoopRunOptions = {}): Promise<LoopRun> {
    const key = opts.key ?? nextKey();
    return runScriptedLoop(this.model.script(key, replies), key, this.model, opts);
  }
}

export const eventTypes = (events: SourcedEvent[]) => events.map((e) => e.type);
