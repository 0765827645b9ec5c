// The ReAct loop: call the model, run the tool calls it asks for, append the results, repeat until it
// answers without tools (or a tool ends the run). It works on domain messages, persists each one
// through `onMessage` as soon as it exists (so a run can resume), and reports every step as a typed event.
import type { ContextManager } from "./context/context-manager";
import { estimateTokens } from "./context/tokens";
import { addUsage, emptyUsage, type Emit, type ErrorInfo, type RunResult, type RunStatus, type Usage } from "./events";
import { callHooks, type Hooks } from "./hooks";
import { newId, now, type AssistantMessage, type Message, type ToolCall, type ToolResultMessage } from "./messages";
import { ModelError, type ModelClient, type ToolChoice } from "./model";
import { type Tool, type ToolRegistry, type ToolResult } from "./tools";

export type Authorization = { action: "allow" } | { action: "deny"; reason: string } | { action: "ask" };

export interface LoopOptions {
  runId: string;
  sessionId: string;
  model: ModelClient;
  system: string;
  tools: ToolRegistry;
  /** The conversation so far, ending with the new user message (or a pending tool round on resume). */
  history: Message[];
  maxSteps: number;
  /** Model calls already made by this run before a resume. */
  stepsSoFar?: number;
  usageSoFar?: Usage;
  signal: AbortSignal;
  stream: boolean;
  emit: Emit;
  /** Persists a message the moment it exists. */
  onMessage: (m: Message) => void | Promise<void>;
  maxParallelTools?: number;
  hooks?: readonly Hooks[];
  hookTimeoutMs?: number;
  /** Decides whether a call may run; "ask" pauses the run for a human. */
  authorize?: (tool: Tool, args: unknown, call: ToolCall) => Authorization | Promise<Authorization>;
  /** Forces the first model call's tool choice (plan-solve's plan step). */
  firstToolChoice?: ToolChoice;
  /** Shared facts of this run's tools (fetched URLs, loaded skills). */
  runState?: Map<string, unknown>;
  /** True when resuming after a crash: unfinished calls are re-run only if their tool is replay-safe. */
  recovering?: boolean;
  /** Shapes what the model sees (compaction, truncation) and counts its tokens; without it the model sees the history as is. */
  context?: ContextManager;
}

export interface LoopResult extends RunResult {
  /** Calls waiting for a human decision when status is awaiting_approval. */
  pending?: Array<{ callId: string; name: string; args: unknown }>;
}

export async function runLoop(o: LoopOptions): Promise<LoopResult> {
  const hooks = o.hooks ?? [];
  const hookMs = o.hookTimeoutMs ?? 5_000;
  const messages = [...o.history];
  const runState = o.runState ?? new Map<string, unknown>();
  let steps = o.stepsSoFar ?? 0;
  let usage = o.usageSoFar ?? emptyUsage();
  let output = "";

  const append = async (m: Message) => {
    messages.push(m);
    await o.onMessage(m);
  };
  const finish = async (status: RunStatus, extra: { error?: ErrorInfo; pending?: LoopResult["pending"] } = {}): Promise<LoopResult> => {
    const result: LoopResult = { runId: o.runId, status, output, steps, usage, ...extra };
    await callHooks(hooks, "afterRun", o.emit, hookMs, result);
    return result;
  };

  await callHooks(hooks, "beforeRun", o.emit, hookMs, { runId: o.runId, sessionId: o.sessionId });

  try {
    for (;;) {
      // A resumed run may hold a tool round whose results are not all in yet.
      const pending = unansweredCalls(messages);
      if (pending.length) {
        const round = await runToolCalls(o, pending, append, runState, hooks, hookMs);
        usage = addUsage(usage, round.usage);
        if (round.awaiting.length) return finish("awaiting_approval", { pending: round.awaiting });
        if (round.endRun) {
          output = round.endRun.output;
          return finish("completed");
        }
        o = { ...o, recovering: false };
      }
      if (o.signal.aborted) return finish("cancelled");
      if (steps >= o.maxSteps) {
        output = `Stopped: the run reached its limit of ${o.maxSteps} model calls before finishing.`;
        return finish("max_steps");
      }

      // `steps` counts model calls that answered: a call cut short by a cancel or a failure is not one.
      const step = steps + 1;
      const specs = o.tools.specs();
      const prepared = o.context ? await o.context.prepare({ system: o.system, messages, tools: specs, signal: o.signal, emit: o.emit }) : { messages };
      usage = addUsage(usage, prepared.usage);
      let system = o.system;
      let view: Message[] = prepared.messages;
      for (const answer of await callHooks(hooks, "beforeModel", o.emit, hookMs, { step, system, messages: view })) {
        if (answer && typeof answer === "object") {
          system = answer.system ?? system;
          view = answer.messages ?? view;
        }
      }
      const estimatedTokens = o.context ? o.context.count(system, view, specs) : estimateTokens(view, system);
      o.emit({ type: "model.request", step, model: o.model.model, messageCount: view.length + 1, toolCount: specs.length, estimatedTokens });
      const response = await o.model.complete({
        system,
        messages: view,
        tools: specs,
        toolChoice: step === (o.stepsSoFar ?? 0) + 1 ? o.firstToolChoice : undefined,
        stream: o.stream,
        signal: o.signal,
        onTextDelta: (delta) => o.emit({ type: "text.delta", delta }),
      });
      steps = step;
      usage = addUsage(usage, response.usage);
      o.context?.observe(system, view, specs, response.usage);
      o.emit({
        type: "model.response",
        step,
        model: o.model.model,
        usage: response.usage ?? emptyUsage(),
        latencyMs: response.latencyMs,
        finishReason: response.finishReason,
        retries: response.retries,
      });
      await callHooks(hooks, "afterModel", o.emit, hookMs, { step, response });
      if (!o.stream && response.content) o.emit({ type: "text.delta", delta: response.content });

      const calls = response.toolCalls.map((c) => ({ ...c, id: c.id || newId("call") }));
      const assistant: AssistantMessage = {
        role: "assistant",
        id: newId("msg"),
        createdAt: now(),
        content: response.content,
        ...(calls.length ? { toolCalls: calls } : {}),
      };
      await append(assistant);
      output = response.content;
      if (o.signal.aborted) {
        if (calls.length) await answerAll(calls, "The run was cancelled before this call ran.", append);
        return finish("cancelled");
      }
      if (!calls.length) {
        if (response.finishReason === "length")
          o.emit({ type: "warning", code: "output_truncated", message: "The model's answer was cut at its output limit." });
        return finish("completed");
      }
      if (response.finishReason === "length") {
        // Arguments cut mid-way may still parse; running them would act on half an instruction.
        await answerAll(
          calls,
          "Your reply was cut off at the output limit before this call's arguments were complete, so it was not run. Send it again, shorter.",
          append,
        );
      }
    }
  } catch (e) {
    await callHooks(hooks, "onError", o.emit, hookMs, e);
    if (e instanceof ModelError && e.code === "cancelled") return finish("cancelled");
    const error = e instanceof ModelError ? e.toInfo() : { code: "internal_error", message: e instanceof Error ? e.message : String(e) };
    return finish("failed", { error });
  }
}

/** Tool calls of the last assistant message that have no result yet. */
function unansweredCalls(messages: readonly Message[]): ToolCall[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === "assistant") {
      const answered = new Set(messages.slice(i + 1).flatMap((r) => (r.role === "tool" ? [r.toolCallId] : [])));
      return (m.toolCalls ?? []).filter((c) => !answered.has(c.id));
    }
    if (m.role === "user" || m.role === "summary") return [];
  }
  return [];
}

function toolMessage(call: ToolCall, result: ToolResult): ToolResultMessage {
  return { role: "tool", id: newId("msg"), createdAt: now(), toolCallId: call.id, name: call.name, status: result.status, content: result.content };
}

async function answerAll(calls: ToolCall[], text: string, append: (m: Message) => Promise<void>): Promise<void> {
  for (const c of calls) await append(toolMessage(c, { status: "error", content: text }));
}

interface RoundOutcome {
  /** Calls that await approval (not run). */
  awaiting: NonNullable<LoopResult["pending"]>;
  /** Model usage the tools spent (subagents). */
  usage: Usage;
  /** Set when a tool ended the run (react's finish, a critic's verdict). */
  endRun?: { output: string };
}

/**
 * Runs one round of calls: consecutive parallel-safe calls run together (bounded), a sequential tool
 * runs alone; results are appended in call order.
 */
async function runToolCalls(
  o: LoopOptions,
  calls: ToolCall[],
  append: (m: Message) => Promise<void>,
  runState: Map<string, unknown>,
  hooks: readonly Hooks[],
  hookMs: number,
): Promise<RoundOutcome> {
  const limit = Math.max(1, o.maxParallelTools ?? 4);
  const outcome: RoundOutcome = { awaiting: [], usage: emptyUsage() };
  const results = new Map<string, { message: ToolResultMessage; result: ToolResult }>();

  const runOne = async (call: ToolCall): Promise<void> => {
    const done = await executeCall(o, call, runState, hooks, hookMs, outcome.awaiting);
    if (done) results.set(call.id, done);
  };

  // Group into batches: a sequential tool is a batch of its own.
  const batches: ToolCall[][] = [];
  for (const c of calls) {
    const sequential = o.tools.get(c.name)?.sequential;
    const last = batches.at(-1);
    if (sequential || !last || last.some((x) => o.tools.get(x.name)?.sequential)) batches.push([c]);
    else last.push(c);
  }
  for (const batch of batches) {
    for (let i = 0; i < batch.length; i += limit) await Promise.all(batch.slice(i, i + limit).map(runOne));
  }
  for (const c of calls) {
    const r = results.get(c.id);
    if (!r) continue;
    await append(r.message);
    outcome.usage = addUsage(outcome.usage, r.result.usage);
    outcome.endRun ??= r.result.endRun;
  }
  return outcome;
}

async function executeCall(
  o: LoopOptions,
  call: ToolCall,
  runState: Map<string, unknown>,
  hooks: readonly Hooks[],
  hookMs: number,
  awaiting: NonNullable<LoopResult["pending"]>,
): Promise<{ message: ToolResultMessage; result: ToolResult } | undefined> {
  const started = Date.now();
  const prepared = o.tools.prepare(call);
  let args: unknown = "error" in prepared ? safeJson(call.args) : prepared.args;
  o.emit({ type: "tool.started", callId: call.id, name: call.name, args });
  const done = async (result: ToolResult) => {
    // A long output is cut here, once, so the model, the history and the stream all get the same text.
    const whole = toolMessage(call, result);
    const { message, truncated } = o.context ? await o.context.limitToolOutput(whole) : { message: whole, truncated: false };
    o.emit({
      type: "tool.finished",
      callId: call.id,
      name: call.name,
      status: message.status,
      output: message.content,
      durationMs: Date.now() - started,
      ...(truncated ? { truncated } : {}),
    });
    return { message, result };
  };
  if (o.signal.aborted) return done({ status: "error", content: "The run was cancelled before this call ran." });
  if ("error" in prepared) return done({ status: "error", content: prepared.error });
  const tool = prepared.tool;

  if (o.recovering && !tool.replaySafe) {
    return done({
      status: "error",
      content: `This call to ${tool.name} was interrupted by a restart and was not run again, because it may have completed. Check its effect before retrying.`,
    });
  }
  for (const answer of await callHooks(hooks, "beforeTool", o.emit, hookMs, { callId: call.id, name: call.name, args })) {
    if (answer && "block" in answer) return done({ status: "error", content: `Blocked: ${answer.block}` });
    if (answer && "args" in answer) {
      const v = tool.validate(answer.args);
      if (!v.ok) return done({ status: "error", content: `A hook rewrote the arguments into an invalid call: ${v.error}` });
      args = v.value;
    }
  }
  const auth = o.authorize ? await o.authorize(tool, args, call) : { action: "allow" as const };
  if (auth.action === "deny") return done({ status: "error", content: `Permission denied: ${auth.reason}` });
  if (auth.action === "ask") {
    awaiting.push({ callId: call.id, name: call.name, args });
    return undefined;
  }

  const authorize = o.authorize;
  const recheck = authorize && (async (other: unknown) => refusal(await authorize(tool, other, call)));
  const ctx = { runId: o.runId, sessionId: o.sessionId, callId: call.id, signal: o.signal, emit: o.emit, runState, ...(recheck ? { recheck } : {}) };
  let result = await o.tools.run(tool, args, ctx);
  for (const answer of await callHooks(hooks, "afterTool", o.emit, hookMs, { callId: call.id, name: call.name, args }, result)) {
    if (answer && "result" in answer) result = answer.result;
  }
  return done(result);
}

/** Why a recheck refuses: a deny's reason; an ask cannot pause a call already running, so it refuses too. */
function refusal(auth: Authorization): string | null {
  if (auth.action === "allow") return null;
  return auth.action === "deny" ? auth.reason : "it needs a person's approval; call the tool again with that URL so they can decide";
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
