// Lifecycle hooks: code that watches or steers a run at fixed points. A hook that throws or hangs is
// reported as a warning and skipped: hooks never break the run they observe.
import type { Emit, RunResult } from "./events";
import type { Message } from "./messages";
import type { ModelResponse } from "./model";
import type { ToolResult } from "./tools";

export interface ToolCallInfo {
  callId: string;
  name: string;
  args: unknown;
}

export interface Hooks {
  name?: string;
  beforeRun?(info: { runId: string; sessionId: string }): void | Promise<void>;
  /** May replace what the model sees this step (compaction, reminders); stored history is untouched. */
  beforeModel?(req: {
    step: number;
    system: string;
    messages: Message[];
  }): void | { system?: string; messages?: Message[] } | Promise<void | { system?: string; messages?: Message[] }>;
  afterModel?(info: { step: number; response: ModelResponse }): void | Promise<void>;
  /** May block the call (the model gets `block` as an error result) or rewrite its arguments. */
  beforeTool?(call: ToolCallInfo): void | { block: string } | { args: unknown } | Promise<void | { block: string } | { args: unknown }>;
  /** May rewrite the result the model sees. */
  afterTool?(call: ToolCallInfo, result: ToolResult): void | { result: ToolResult } | Promise<void | { result: ToolResult }>;
  afterRun?(result: RunResult): void | Promise<void>;
  onError?(error: unknown): void | Promise<void>;
}

type HookName = Exclude<keyof Hooks, "name">;

/** Runs one hook point across all hook sets in order; returns each set's non-empty answer. */
export async function callHooks<K extends HookName>(
  hooks: readonly Hooks[],
  point: K,
  emit: Emit,
  timeoutMs: number,
  ...args: Parameters<NonNullable<Hooks[K]>>
): Promise<Array<Awaited<ReturnType<NonNullable<Hooks[K]>>>>> {
  const answers: Array<Awaited<ReturnType<NonNullable<Hooks[K]>>>> = [];
  for (const h of hooks) {
    const fn = h[point] as ((...a: unknown[]) => unknown) | undefined;
    if (!fn) continue;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const answer = await Promise.race([
        Promise.resolve(fn.apply(h, args)),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs))),
      ]);
      if (answer !== undefined) answers.push(answer as Awaited<ReturnType<NonNullable<Hooks[K]>>>);
    } catch (e) {
      emit({ type: "warning", code: "hook_failed", message: `hook ${h.name ?? "(anonymous)"}.${point} failed: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      clearTimeout(timer);
    }
  }
  return answers;
}
