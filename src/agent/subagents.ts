// Subagents: the task tool runs a child agent on a fresh context (its own system prompt plus the task's
// prompt, none of the parent's history) with the parent's tools minus task (no recursion), under the
// parent's permission policy; `tools: "readonly"` leaves out the tools with side effects. A call the
// policy would hold for a person's approval is escalated: the child may not make it, and the parent
// gets it back to make itself, where the parent run's approval asks the person.
// The child's events reach the parent's stream and trace marked with its id, its usage counts in the
// parent run, the parent's cancel stops it, and a child out of steps returns what it has as `partial`.
// Only the child's final text comes back to the parent's context.
import * as z from "zod";
import type { ContextManager } from "./context/context-manager";
import type { Hooks } from "./hooks";
import type { LoopOptions, LoopResult } from "./loop";
import { newId, userMessage, type Message, type ToolResultMessage } from "./messages";
import type { ModelClient } from "./model";
import { ParadigmSchema, runParadigm, type ParadigmSettings } from "./paradigms";
import type { RunState } from "./run-state";
import { createTodoWriteTool, MemoryTodoStore, TODO_WRITE_TOOL, type TodoStore } from "./todo";
import { defineTool, memoized, type Tool, type ToolRegistry, type ToolResult, type ToolSignature } from "./tools";

export const TASK_TOOL = "task";

export const SUBAGENT_SYSTEM_PROMPT = `You are a subagent: another agent handed you one task. Do it with your tools, then reply with a complete, self-contained result: what you found, with sources (URLs) and numbers. The other agent sees only your final reply, not your tool calls, so put everything it needs there.`;

export interface SubagentDeps {
  /** The model children call. */
  model: ModelClient;
  /** The parent's tools, read when a task starts. */
  tools: ToolRegistry;
  system: string;
  /** SUBAGENT_MAX_STEPS: model calls a child may make (a task may ask for fewer). */
  maxSteps: number;
  /** SUBAGENT_MAX_CONCURRENT: children running at once in a run; more tasks wait their turn. */
  maxConcurrent: number;
  /** SUBAGENT_TIMEOUT_MS: how long one task may take. */
  timeoutMs: number;
  stream: boolean;
  maxParallelTools?: number;
  settings: ParadigmSettings;
  todoMaxItems: number;
  /** A fresh context manager per child (its own token count and compaction, over the child's own list). */
  context?: (child: { todos: TodoStore; runState: RunState }) => ContextManager;
  /** The parent's tool-call rules (permissions): a child obeys them, and a call that would need a person's approval is refused. */
  toolGuards?: readonly Hooks[];
}

/** A call a child may not make without a person's approval, handed back to the parent. */
interface EscalatedCall {
  name: string;
  args: unknown;
}

/** A parent's guard for a child: a call it would hold for a person's approval is refused there and recorded for the parent. */
function escalateAsk(guard: Hooks, escalated: EscalatedCall[]): Hooks {
  const { beforeToolCall } = guard;
  if (!beforeToolCall) return guard;
  return {
    ...guard,
    async beforeToolCall(call, run) {
      const verdict = await beforeToolCall.call(guard, { ...call, subagent: true }, run);
      if (verdict?.action !== "ask") return verdict;
      escalated.push({ name: call.name, args: call.args });
      return {
        action: "deny",
        reason: "this call needs a person's approval: it is handed to the main agent, which will ask for it. Do the rest of the task without it.",
      };
    },
  };
}

/** Tool results a partial answer falls back to when the child wrote no text. */
const PARTIAL_RESULTS = 3;

const taskInput = memoized((maxSteps: number) =>
  z.object({
    prompt: z.string().min(1).max(50_000).describe("The task, complete in itself"),
    paradigm: ParadigmSchema.optional().describe("How the subagent works; react by default"),
    tools: z.enum(["readonly", "full"]).optional(),
    maxSteps: z.number().int().min(1).max(maxSteps).optional().describe(`Model calls it may make (at most ${maxSteps})`),
  }),
);

/** task's signature (its argument names do not depend on the step limit). */
export const TASK_SIGNATURE: ToolSignature = { name: TASK_TOOL, input: taskInput(1) };

export function createTaskTool(deps: SubagentDeps): Tool {
  const slots = new Slots(deps.maxConcurrent);
  return defineTool({
    name: TASK_TOOL,
    description:
      "Hand a self-contained task to a subagent that starts with a fresh context: it sees only your prompt, so say everything it needs. " +
      "Several task calls in one reply run at the same time: use them for independent pieces of work (researching separate subtopics). " +
      'tools: "full" (default) gives it all your tools but task, under the same permissions; "readonly" leaves out those with side effects. ' +
      "A call it needs a person's approval for comes back to you to make. " +
      "Returns the subagent's final answer and {steps, usage, toolsUsed}.",
    input: taskInput(deps.maxSteps),
    timeoutMs: deps.timeoutMs,
    async run(args, ctx) {
      await slots.acquire(ctx.signal);
      try {
        const agent = newId("agent");
        const todos = new MemoryTodoStore();
        const readonly = args.tools === "readonly";
        // A client's tools answer the client's request, not a subagent's task: the child never sees them.
        const tools = deps.tools.filter((t) => t.name !== TASK_TOOL && t.name !== TODO_WRITE_TOOL && !t.external && !(readonly && t.sideEffects));
        // A child keeps its own list: the session's belongs to the parent.
        if (deps.tools.has(TODO_WRITE_TOOL)) tools.add(createTodoWriteTool(todos, { maxItems: deps.todoMaxItems }));
        const emit: LoopOptions["emit"] = (e) => {
          // Counted as it is spent, so a task stopped by its timeout or a cancel still counts its child's calls.
          if (e.type === "model.response" && e.usage) ctx.spent?.(e.usage);
          ctx.emit({ ...e, agent });
        };
        const paradigm = args.paradigm ?? "react";
        emit({ type: "subagent.started", prompt: args.prompt, paradigm, tools: tools.names() });

        const messages: Message[] = [];
        const toolsUsed = new Set<string>();
        const context = deps.context?.({ todos, runState: ctx.runState });
        const escalated: EscalatedCall[] = [];
        const result = await runParadigm(paradigm, {
          runId: ctx.runId,
          sessionId: ctx.sessionId,
          model: deps.model,
          system: deps.system,
          tools,
          history: [userMessage(args.prompt)],
          maxSteps: args.maxSteps ?? deps.maxSteps,
          signal: ctx.signal,
          stream: deps.stream,
          emit,
          onMessage: (m) => {
            messages.push(m);
            if (m.role === "assistant") for (const c of m.toolCalls ?? []) toolsUsed.add(c.name);
          },
          maxParallelTools: deps.maxParallelTools,
          runState: ctx.runState,
          todos,
          settings: deps.settings,
          hooks: [...(context ? [context] : []), ...(deps.toolGuards ?? []).map((g) => escalateAsk(g, escalated))],
          ...(context ? { countTokens: (s, m, t) => context.count(s, m, t) } : {}),
        });
        const report = { agent, status: result.status, steps: result.steps, usage: result.usage, toolsUsed: [...toolsUsed] };
        emit({ type: "subagent.finished", ...report });
        return withEscalated(taskResult(result, messages, report), escalated);
      } finally {
        slots.release();
      }
    },
  });
}

/** The task's result with the calls that need a person's approval appended, for the parent to make. */
function withEscalated(result: ToolResult, escalated: readonly EscalatedCall[]): ToolResult {
  if (!escalated.length) return result;
  const calls = escalated.map((c) => `- ${c.name} ${JSON.stringify(c.args)}`).join("\n");
  return {
    ...result,
    content: `${result.content}\n\nThe subagent needed a person's approval for these calls and did not make them; make them yourself if the task still needs them (you will be asked to approve):\n${calls}`,
  };
}

function taskResult(
  result: LoopResult,
  messages: readonly Message[],
  report: { agent: string; steps: number; usage: LoopResult["usage"]; toolsUsed: string[] },
): ToolResult {
  const footer = `\n\n[subagent ${JSON.stringify({ steps: report.steps, usage: report.usage, toolsUsed: report.toolsUsed })}]`;
  const base = { data: report, usage: result.usage };
  switch (result.status) {
    case "completed":
      return { ...base, status: "success", content: `${result.output}${footer}` };
    case "max_steps":
      return {
        ...base,
        status: "partial",
        content: `The subagent reached its limit of ${report.steps} model calls before finishing. What it has so far:\n\n${partialAnswer(messages)}${footer}`,
      };
    case "cancelled":
      return { ...base, status: "error", content: `The subagent was cancelled.${footer}` };
    default:
      return { ...base, status: "error", content: `The subagent failed: ${result.error?.message ?? result.status}.${footer}` };
  }
}

/** The child's last words, or the results of its last calls when it wrote none. */
function partialAnswer(messages: readonly Message[]): string {
  const text = messages.findLast((m) => m.role === "assistant" && m.content.trim())?.content;
  if (text) return text;
  const results = messages.filter((m): m is ToolResultMessage => m.role === "tool").slice(-PARTIAL_RESULTS);
  return results.length ? results.map((r) => `${r.name} returned:\n${r.content}`).join("\n\n") : "(nothing yet)";
}

/** A counting semaphore: at most `n` holders; a waiter leaves the queue when its run is cancelled. */
class Slots {
  private waiting: Array<() => void> = [];
  constructor(private free: number) {}

  async acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) throw new Error("the run was cancelled");
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        this.waiting = this.waiting.filter((w) => w !== go);
        reject(new Error("the run was cancelled"));
      };
      this.waiting.push(go);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}
