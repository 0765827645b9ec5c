// The ReAct loop: call the model, run the tool calls it asks for, append the results, repeat until it answers without tools (or
// a tool ends the run). It works on domain messages, persists each through `onMessage` as soon as it exists (so a run can resume),
// and reports every step as a typed event.
import { type AnswerFormat, FORMAT_ATTEMPTS, formatInstruction, repairInstruction } from "./answer-format";
import { estimateTokens } from "./context/tokens";
import { addUsage, emptyUsage, type Emit, type RunResult, type RunStatus, type Usage } from "./events";
import { HookRunner, type Hooks, type ModelStep, type RunContext, type ToolCallInfo, type ToolCallVerdict } from "./hooks";
import { imagesOf, newId, now, userMessage, type AssistantMessage, type Message, type ToolCall, type ToolResultMessage } from "./messages";
import type { ClientCall } from "./client-tools";
import { ModelError, type ModelClient, type ModelRequest, type ModelResponse, type Sampling, type ToolChoice } from "./model";
import { RunState } from "./run-state";
import { capTools, offeredTools, revealFromHistory } from "./tool-search";
import { type ToolRegistry, type ToolResult, type ToolSpec } from "./tools";

export interface LoopOptions {
  runId: string;
  sessionId: string;
  model: ModelClient;
  system: string;
  tools: ToolRegistry;
  /** The conversation so far, ending with the new user message (or a pending tool round on resume). */
  history: Message[];
  maxSteps: number;
  /**
   * Stops at the first safe point once the run has made this many model calls: before the next call, with the last call's tool
   * results appended. The loop then ends `running` and the caller continues it from the stored history in another execution.
   */
  yieldAtStep?: number;
  /** Model calls already made by this run before a resume. */
  stepsSoFar?: number;
  usageSoFar?: Usage;
  signal: AbortSignal;
  stream: boolean;
  emit: Emit;
  /** Persists a message the moment it exists. */
  onMessage: (m: Message) => void | Promise<void>;
  maxParallelTools?: number;
  /** The run's hooks, in order (hooks.ts states the contract): compaction, permissions and an embedder's own. */
  hooks?: readonly Hooks[];
  /** How long an untrusted hook may take before it is skipped. */
  hookTimeoutMs?: number;
  /** Shared facts of this run's tools (fetched URLs, loaded skills). */
  runState?: RunState;
  /**
   * The shape the final answer must take (answer-format.ts). The agent's own words are then not streamed:
   * the run's one text is the checked answer, or the run fails `output_invalid`.
   */
  answerFormat?: AnswerFormat;
  /**
   * The caller's tool choice for every model call of this execution (a hook may still force one): `none`
   * offers the model no tool at all; `required` and a named tool force a call each step (client-tools.ts).
   */
  toolChoice?: ToolChoice;
  /** Passed to the model: several tools in one reply? False is held to as well (the first call runs, the others are answered unrun). */
  parallelToolCalls?: boolean;
  /** Passed to the model with every call of the loop, the answer's shaping calls too. */
  sampling?: Sampling;
  /** The prompt-token estimate of the model.request event; ~4 characters a token without it. */
  countTokens?: (system: string, messages: readonly Message[], tools: readonly ToolSpec[]) => number;
}

/** `running` only when the loop yielded at `yieldAtStep`; otherwise the status the run ends or pauses with. */
export interface LoopResult extends RunResult {
  /** Calls waiting for a human decision when status is awaiting_approval. */
  pending?: Array<{ callId: string; name: string; args: unknown }>;
  /** Calls of the client's own tools waiting for the client's results when status is awaiting_client_tools. */
  clientCalls?: ClientCall[];
}

export async function runLoop(options: LoopOptions): Promise<LoopResult> {
  const say = options.emit;
  // With a format, only the checked answer is said: drafts and a finish tool's answer stay out of the stream.
  const o: LoopOptions = options.answerFormat ? { ...options, emit: (e) => (e.type === "text.delta" && !e.agent ? undefined : say(e)) } : options;
  const messages = [...o.history];
  const run: RunContext = { runId: o.runId, sessionId: o.sessionId, signal: o.signal, emit: o.emit, state: o.runState ?? new RunState() };
  const hooks = new HookRunner(o.hooks ?? [], run, o.hookTimeoutMs ?? 5_000);
  let steps = o.stepsSoFar ?? 0;
  let usage = o.usageSoFar ?? emptyUsage();
  let output = "";

  const append = async (m: Message) => {
    messages.push(m);
    await o.onMessage(m);
  };
  const finish = async (status: RunStatus, extra: Pick<LoopResult, "error" | "pending" | "clientCalls"> = {}): Promise<LoopResult> => {
    const result: LoopResult = { runId: o.runId, status, output, steps, usage, ...extra };
    await hooks.observe("afterRun", result);
    return result;
  };

  /** One model call as a step: announced, made, counted and reported. */
  const callModel = async (
    next: number,
    req: Pick<ModelRequest, "system" | "messages" | "tools" | "toolChoice" | "responseFormat" | "onTextDelta" | "onReasoningDelta">,
  ): Promise<ModelResponse> => {
    const estimatedTokens = o.countTokens ? o.countTokens(req.system, req.messages, req.tools) : estimateTokens(req.messages, req.system);
    const images = imagesOf(req.messages).length;
    o.emit({
      type: "model.request",
      step: next,
      model: o.model.model,
      purpose: o.model.purpose ?? "writing",
      messageCount: req.messages.length + 1,
      toolCount: req.tools.length,
      estimatedTokens,
      // That images go along, never their bytes (the history holds only their keys).
      ...(images ? { images } : {}),
    });
    const response = await o.model.complete({ ...req, sampling: o.sampling, stream: o.stream, signal: o.signal });
    steps = next;
    usage = addUsage(usage, response.usage);
    o.emit({
      type: "model.response",
      step: next,
      model: o.model.model,
      purpose: o.model.purpose ?? "writing",
      usage: response.usage ?? emptyUsage(),
      latencyMs: response.latencyMs,
      finishReason: response.finishReason,
      retries: response.retries,
    });
    return response;
  };

  /**
   * The answer in the caller's format: calls without tools that carry the format, after the conversation so
   * far (`context`: ending with the agent's answer), each checked; the first that passes is the run's text.
   */
  const shapedFinish = async (context: readonly Message[], system = o.system): Promise<LoopResult> => {
    const { format, check } = o.answerFormat!;
    const asked: Message[] = [...context, userMessage(formatInstruction(format))];
    let error = "";
    for (let attempt = 1; attempt <= FORMAT_ATTEMPTS; attempt++) {
      const reply = await callModel(steps + 1, { system, messages: asked, tools: [], responseFormat: format });
      if (o.signal.aborted) return finish("cancelled");
      const verdict = check(reply.content);
      if (verdict.ok) {
        output = reply.content;
        await append({ role: "assistant", id: newId("msg"), createdAt: now(), content: output });
        say({ type: "text.delta", delta: output });
        return finish("completed");
      }
      error = verdict.error;
      asked.push(draftOf(reply.content), userMessage(repairInstruction(format, error)));
    }
    return finish("failed", { error: { code: "output_invalid", message: `The answer did not match the requested response format: ${error}` } });
  };

  await hooks.observe("beforeRun");
  revealFromHistory(o.tools, run.state, messages);

  try {
    for (;;) {
      // A resumed run may hold a tool round whose results are not all in yet. The agent's own calls run
      // here; the client's are the client's to run: the run stops and hands them over.
      const pending = unansweredCalls(messages);
      const forClient = pending.filter((c) => o.tools.get(c.name)?.external);
      const ours = pending.filter((c) => !o.tools.get(c.name)?.external);
      if (ours.length) {
        const round = await runToolCalls(o, run, hooks, ours, append);
        usage = addUsage(usage, round.usage);
        if (round.awaiting.length) return finish("awaiting_approval", { pending: round.awaiting });
        if (round.endRun) {
          output = round.endRun.output;
          if (forClient.length) await answerAll(forClient, "The run ended before the client ran this call.", append);
          // Awaited here, so a failed model call of the shaping is the try's to catch, as every other one.
          return o.answerFormat ? await shapedFinish(messages) : finish("completed");
        }
      }
      if (forClient.length) {
        if (o.signal.aborted) {
          await answerAll(forClient, "The run was cancelled before this call ran.", append);
          return finish("cancelled");
        }
        const clientCalls = forClient.map((c) => ({ callId: c.id, name: o.tools.get(c.name)!.external!.name, args: c.args }));
        return finish("awaiting_client_tools", { clientCalls });
      }
      if (o.signal.aborted) return finish("cancelled");
      // The status says why it stopped, in every channel's own words; the output stays what the model last wrote.
      if (steps >= o.maxSteps) return finish("max_steps");
      if (o.yieldAtStep !== undefined && steps >= o.yieldAtStep) return finish("running");

      // `steps` counts model calls that answered: a call cut short by a cancel or a failure is not one.
      const next = steps + 1;
      const step: ModelStep = await hooks.transformContext({
        step: next,
        system: o.system,
        messages,
        tools: o.toolChoice === "none" ? [] : offeredTools(o.tools, run.state),
        ...(o.toolChoice && o.toolChoice !== "none" ? { toolChoice: o.toolChoice } : {}),
      });
      usage = addUsage(usage, step.usage);
      const { system, messages: view } = step;
      // The hard limit, whatever a hook offered: no request carries more than MAX_MODEL_TOOLS tools.
      const { specs, dropped } = capTools(step.tools, o.tools);
      if (dropped)
        o.emit({
          type: "warning",
          code: "tools_capped",
          message: `${dropped} tools were left out of this model request: it may carry ${specs.length} at most.`,
        });
      const response = await callModel(next, {
        system,
        messages: view,
        tools: specs,
        toolChoice: step.toolChoice,
        ...(o.parallelToolCalls !== undefined ? { parallelToolCalls: o.parallelToolCalls } : {}),
        onTextDelta: (delta) => o.emit({ type: "text.delta", delta }),
        onReasoningDelta: (delta) => o.emit({ type: "reasoning.delta", delta }),
      });
      await hooks.observe("afterModel", step, response);
      if (!o.stream && response.content) o.emit({ type: "text.delta", delta: response.content });

      const calls = response.toolCalls.map((c) => ({ ...c, id: c.id || newId("call") }));
      // The agent has answered: with a format, its answer is rewritten in that shape, and only that is kept.
      if (!calls.length && o.answerFormat && !o.signal.aborted) {
        output = response.content;
        return await shapedFinish([...view, draftOf(response.content)], system);
      }
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
      } else if (o.parallelToolCalls === false && calls.length > 1) {
        await answerAll(
          calls.slice(1),
          "Only one tool call at a time is allowed here, so this one was not run. Call it again once the first one's result is in.",
          append,
        );
      }
    }
  } catch (e) {
    await hooks.observe("onError", e);
    if (e instanceof ModelError && e.code === "cancelled") return finish("cancelled");
    const error = e instanceof ModelError ? e.toInfo() : { code: "internal_error", message: e instanceof Error ? e.message : String(e) };
    return finish("failed", { error });
  }
}

/** Tool calls of the last assistant message that have no result yet. */
export function unansweredCalls(messages: readonly Message[]): ToolCall[] {
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

const draftOf = (content: string): AssistantMessage => ({ role: "assistant", id: newId("msg"), createdAt: now(), content });

function toolMessage(call: ToolCall, result: ToolResult, id = newId("msg")): ToolResultMessage {
  return { role: "tool", id, createdAt: now(), toolCallId: call.id, name: call.name, status: result.status, content: result.content };
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
  run: RunContext,
  hooks: HookRunner,
  calls: ToolCall[],
  append: (m: Message) => Promise<void>,
): Promise<RoundOutcome> {
  const limit = Math.max(1, o.maxParallelTools ?? 4);
  const outcome: RoundOutcome = { awaiting: [], usage: emptyUsage() };
  const results = new Map<string, { message: ToolResultMessage; result: ToolResult }>();

  const runOne = async (call: ToolCall): Promise<void> => {
    const done = await executeCall(o, run, hooks, call, outcome.awaiting);
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
  run: RunContext,
  hooks: HookRunner,
  call: ToolCall,
  awaiting: NonNullable<LoopResult["pending"]>,
): Promise<{ message: ToolResultMessage; result: ToolResult } | undefined> {
  const started = Date.now();
  const prepared = o.tools.prepare(call);
  const resultId = newId("msg");
  // tool.started (the audit record) shows what runs: the args as the hooks left them, with the model's own if rewritten.
  const announce = (args: unknown, from?: { modelArgs: unknown }) => o.emit({ type: "tool.started", callId: call.id, name: call.name, args, ...from });
  if (o.signal.aborted || "error" in prepared) announce("error" in prepared ? safeJson(call.args) : prepared.args);
  const done = (result: ToolResult) => {
    const message = toolMessage(call, result, resultId);
    o.emit({
      type: "tool.finished",
      callId: call.id,
      name: call.name,
      status: message.status,
      output: message.content,
      durationMs: Date.now() - started,
      ...(result.truncated ? { truncated: true } : {}),
    });
    return { message, result };
  };
  if (o.signal.aborted) return done({ status: "error", content: "The run was cancelled before this call ran." });
  if ("error" in prepared) return done({ status: "error", content: prepared.error });
  const { tool } = prepared;
  const info: ToolCallInfo = { callId: call.id, name: call.name, args: prepared.args, tool, resultId };
  const verdict = await hooks.beforeToolCall(info, (args) => tool.validate(args));
  const args = "args" in verdict && verdict.args !== undefined ? verdict.args : info.args;
  announce(args, args === info.args ? undefined : { modelArgs: info.args });
  if (verdict.action === "ask") return void awaiting.push({ callId: call.id, name: call.name, args });
  // A tool that follows a step the model did not choose (a redirect) asks the same hooks about it.
  const recheck = async (other: unknown) => refusal(await hooks.beforeToolCall({ ...info, args: other, followed: true }, (a) => ({ ok: true, value: a })));
  const result =
    verdict.action === "deny"
      ? { status: "error" as const, content: `Permission denied: ${verdict.reason}` }
      : verdict.action === "block"
        ? { status: "error" as const, content: verdict.reason }
        : await o.tools.run(tool, args, {
            runId: o.runId,
            sessionId: o.sessionId,
            callId: call.id,
            signal: o.signal,
            emit: o.emit,
            runState: run.state,
            recheck,
          });
  // Every result passes afterToolCall, refusals too: a long output is cut there, once, so the model, the history and the stream get the same text.
  return done(await hooks.afterToolCall({ ...info, args }, result));
}

/** Why a recheck refuses: a deny's reason; an ask cannot pause a call already running, so it refuses too. */
function refusal(verdict: ToolCallVerdict): string | null {
  if (verdict.action === "allow") return null;
  return verdict.action === "ask" ? "it needs a person's approval; call the tool again with that URL so they can decide" : verdict.reason;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
