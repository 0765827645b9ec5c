// The loop contract: one kind of object, Hooks, with a few documented points where code may watch or
// steer a run. The harness's own parts (compaction, the todo reminder, the replay rule, permissions) are
// hooks like any an embedder adds; a run's options carry the list, in order.
//
// Order: a point runs the hooks in list order, except afterToolCall, which runs in reverse (the first
// hook wraps the others, as middleware does: the context manager first in the list sees every rewrite
// of a result last, and cuts it to the output limit).
//
// Failures: a `trusted` hook (the harness's own) has no time limit and its errors fail the run, so a
// broken permission check never lets a call through. Any other hook that throws or hangs past the
// run's hook timeout is skipped with a `hook_failed` warning: such hooks never break the run they observe.
import type { Emit, RunResult, Usage } from "./events";
import type { Message } from "./messages";
import type { ModelResponse, ToolChoice } from "./model";
import type { RunState } from "./run-state";
import type { Tool, ToolResult, ToolSpec } from "./tools";

/** What every hook point is told of the run. */
export interface RunContext {
  runId: string;
  sessionId: string;
  signal: AbortSignal;
  emit: Emit;
  state: RunState;
}

/** The model call about to be made; transformContext may return a changed copy. */
export interface ModelStep {
  /** Model calls of the run so far, this one included. */
  step: number;
  system: string;
  /** What the model sees; the stored history is never changed by a transform. */
  messages: Message[];
  tools: readonly ToolSpec[];
  toolChoice?: ToolChoice;
  /** Model usage spent shaping this step (a compaction's summary): a hook that spends some adds it here; it counts in the run's usage. */
  usage?: Usage;
}

export interface ToolCallInfo {
  callId: string;
  name: string;
  /** Validated arguments (a beforeToolCall hook may have rewritten them). */
  args: unknown;
  tool: Tool;
  /** Id the call's result message will have (where a cut output is kept whole). */
  resultId: string;
  /**
   * A step the call led to that the model did not choose (a redirect fetch_webpage follows), asked about
   * with its own arguments: a person's decision on the call covers the arguments they saw, not this.
   */
  followed?: true;
  /** Made by a subagent, which never pauses for a person: no decision of the run covers it (subagents.ts). */
  subagent?: true;
}

/**
 * What beforeToolCall decides. Hooks are asked in order until one answers other than allow:
 * - allow: the call may run; with `args`, it runs with these arguments instead (validated again);
 * - deny: refused by policy; the model reads "Permission denied: <reason>";
 * - block: refused; the model reads `reason` as the call's error result;
 * - ask: the call waits for a person (shown the arguments as rewritten so far); the run pauses as awaiting_approval once the round is done.
 */
export type ToolCallVerdict =
  | { action: "allow"; args?: unknown }
  | { action: "deny"; reason: string }
  | { action: "block"; reason: string }
  /** `args` (set by the runner, not a hook): what earlier hooks rewrote the call into, which the person is shown. */
  | { action: "ask"; args?: unknown };

type Maybe<T> = T | void | Promise<T | void>;

export interface Hooks {
  name?: string;
  /** The harness's own hooks: no time limit, and an error fails the run (see above). */
  trusted?: boolean;
  beforeRun?(run: RunContext): Maybe<void>;
  /** Shapes what the model sees this step (compaction, reminders, a forced tool choice). Returns the new step, or nothing to keep it. */
  transformContext?(step: ModelStep, run: RunContext): Maybe<ModelStep>;
  afterModel?(step: ModelStep, response: ModelResponse, run: RunContext): Maybe<void>;
  /** Decides whether a call runs (see ToolCallVerdict). Nothing means allow. */
  beforeToolCall?(call: ToolCallInfo, run: RunContext): Maybe<ToolCallVerdict>;
  /** May replace the result the model (and the stream, and the history) gets. */
  afterToolCall?(call: ToolCallInfo, result: ToolResult, run: RunContext): Maybe<ToolResult>;
  /** The end of an execution: the run ended, paused for a person, or yielded (`running`, see LoopOptions.yieldAtStep). */
  afterRun?(result: RunResult, run: RunContext): Maybe<void>;
  onError?(error: unknown, run: RunContext): Maybe<void>;
}

type HookPoint = Exclude<keyof Hooks, "name" | "trusted">;
type Answer<K extends HookPoint> = Exclude<Awaited<ReturnType<NonNullable<Hooks[K]>>>, void>;

/** The hooks of one run, called at each point with the run's failure rules. */
export class HookRunner {
  constructor(
    private readonly hooks: readonly Hooks[],
    private readonly run: RunContext,
    private readonly timeoutMs: number,
  ) {}

  /** Calls one hook point; undefined when the hook has none, answered nothing, or failed (untrusted). */
  private async call<K extends HookPoint>(h: Hooks, point: K, ...args: unknown[]): Promise<Answer<K> | undefined> {
    const fn = h[point] as ((...a: unknown[]) => unknown) | undefined;
    if (!fn) return undefined;
    if (h.trusted) return ((await fn.apply(h, [...args, this.run])) ?? undefined) as Answer<K> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await Promise.race([
        Promise.resolve(fn.apply(h, [...args, this.run])),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${this.timeoutMs} ms`)), this.timeoutMs))),
      ]);
      return (answer ?? undefined) as Answer<K> | undefined;
    } catch (e) {
      const message = `hook ${h.name ?? "(anonymous)"}.${point} failed: ${e instanceof Error ? e.message : String(e)}`;
      this.run.emit({ type: "warning", code: "hook_failed", message });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  async observe(point: "beforeRun" | "afterRun" | "onError" | "afterModel", ...args: unknown[]): Promise<void> {
    for (const h of this.hooks) await this.call(h, point, ...args);
  }

  async transformContext(step: ModelStep): Promise<ModelStep> {
    for (const h of this.hooks) {
      const next = await this.call(h, "transformContext", step);
      if (next) step = next;
    }
    return step;
  }

  /** The first verdict other than allow; allow (with the last rewritten args) otherwise. */
  async beforeToolCall(call: ToolCallInfo, validate: (args: unknown) => { ok: true; value: unknown } | { ok: false; error: string }): Promise<ToolCallVerdict> {
    let args: { args: unknown } | undefined;
    for (const h of this.hooks) {
      const verdict = await this.call(h, "beforeToolCall", args ? { ...call, ...args } : call);
      if (!verdict) continue;
      // The person is shown the call as the hooks before rewrote it: what runs if they allow it.
      if (verdict.action === "ask") return { action: "ask", ...args };
      if (verdict.action !== "allow") return verdict;
      if (verdict.args !== undefined) {
        const v = validate(verdict.args);
        if (!v.ok) return { action: "block", reason: `A hook rewrote the arguments into an invalid call: ${v.error}` };
        args = { args: v.value };
      }
    }
    return { action: "allow", ...args };
  }

  async afterToolCall(call: ToolCallInfo, result: ToolResult): Promise<ToolResult> {
    for (const h of [...this.hooks].reverse()) result = (await this.call(h, "afterToolCall", call, result)) ?? result;
    return result;
  }
}

/** Forces the tool choice of the first model call of a loop (plan-solve's plan, a critic's verdict). */
export function forceFirstToolChoice(toolChoice: ToolChoice): Hooks {
  let done = false;
  return {
    name: "first-tool-choice",
    trusted: true,
    transformContext(step) {
      if (done) return;
      done = true;
      return { ...step, toolChoice };
    },
  };
}
