// Runs a paradigm (with the todo list, the context manager and the harness tools as the session wires
// them) against a LoopHarness's in-memory model, with the stores in memory.
import { z } from "zod";
import { MemoryCompactionStore } from "../../src/agent/context/compaction";
import { ContextManager, type ContextSettings } from "../../src/agent/context/context-manager";
import { createReadToolOutputTool } from "../../src/agent/context/read-tool-output";
import type { ToolOutputStore } from "../../src/agent/context/tool-outputs";
import type { SourcedEvent } from "../../src/agent/events";
import type { LoopOptions, LoopResult } from "../../src/agent/loop";
import type { Message } from "../../src/agent/messages";
import type { ModelRequest } from "../../src/agent/model";
import { runParadigm, type Paradigm, type ParadigmSettings } from "../../src/agent/paradigms";
import { createTaskTool, type SubagentDeps } from "../../src/agent/subagents";
import { createTodoWriteTool, MemoryTodoStore } from "../../src/agent/todo";
import { LOADED_SKILLS_KEY } from "../../src/agent/context/loaded-skills";
import { defineTool, ok, ToolRegistry, type Tool } from "../../src/agent/tools";
import type { LoopHarness } from "./loop-harness";
import type { FakeReply } from "./fake-model";
import { RunState } from "../../src/agent/run-state";

export class MemoryToolOutputStore implements ToolOutputStore {
  readonly outputs = new Map<string, string>();
  put(id: string, content: string): void {
    if (!this.outputs.has(id)) this.outputs.set(id, content);
  }
  get(id: string): string | undefined {
    return this.outputs.get(id);
  }
}

export const testParadigmSettings = (over: Partial<ParadigmSettings> = {}): ParadigmSettings => ({
  todoReminderTurns: 3,
  thinkFinishTools: false,
  reflectionMaxRounds: 2,
  planMaxSteps: 8,
  ...over,
});

export const testContextSettings = (over: Partial<ContextSettings> = {}): ContextSettings => ({
  contextWindow: 128_000,
  compactionThreshold: 0.8,
  autoCompaction: true,
  keepRounds: 4,
  summaryMaxTokens: 500,
  micro: { keepRecent: 8, minChars: 4000, keepChars: 500 },
  output: { maxLines: 500, maxBytes: 24_576, mode: "head_tail" },
  ...over,
});

export interface AgentRunOptions {
  paradigm?: Paradigm;
  /** Tools besides the harness's (todo_write, read_tool_output, and task unless `subagents` is false). */
  tools?: Tool[];
  settings?: Partial<ParadigmSettings>;
  /** Context manager settings; false runs without one. */
  context?: Partial<ContextSettings> | false;
  subagents?: Partial<SubagentDeps> | false;
  history?: Message[];
  input?: string;
  key?: string;
  todos?: MemoryTodoStore;
  runState?: RunState;
  loop?: Partial<LoopOptions>;
}

export interface AgentRun {
  result: LoopResult;
  events: SourcedEvent[];
  /** The whole history as stored: what the run started with and every message it added. */
  messages: Message[];
  key: string;
  todos: MemoryTodoStore;
  outputs: MemoryToolOutputStore;
  compactions: MemoryCompactionStore;
}

let n = 0;

export async function runAgent(h: LoopHarness, replies: FakeReply[], opts: AgentRunOptions = {}): Promise<AgentRun> {
  const key = opts.key ?? `agent-${++n}`;
  const model = h.model;
  const { events, messages, base } = h.prepare(key, replies, { history: opts.history, input: opts.input });
  const todos = opts.todos ?? new MemoryTodoStore();
  const outputs = new MemoryToolOutputStore();
  const compactions = new MemoryCompactionStore();
  const runState = opts.runState ?? new RunState();
  const settings = testParadigmSettings(opts.settings);
  const contextSettings = opts.context === false ? undefined : testContextSettings(opts.context);

  const tools = new ToolRegistry([...(opts.tools ?? []), createTodoWriteTool(todos, { maxItems: 50 })]);
  if (contextSettings) tools.add(createReadToolOutputTool(outputs, contextSettings.output));
  if (opts.subagents !== false) {
    tools.add(
      createTaskTool({
        model,
        tools,
        system: "You are a test subagent.",
        maxSteps: 5,
        maxConcurrent: 3,
        timeoutMs: 30_000,
        stream: false,
        settings,
        todoMaxItems: 50,
        ...(contextSettings
          ? {
              context: (child) =>
                new ContextManager({
                  model,
                  outputs,
                  compactions: new MemoryCompactionStore(),
                  todos: child.todos,
                  runState: child.runState,
                  settings: contextSettings,
                }),
            }
          : {}),
        ...(opts.subagents ?? {}),
      }),
    );
  }

  const context = contextSettings ? new ContextManager({ model, outputs, compactions, todos, runState, settings: contextSettings }) : undefined;
  const result = await runParadigm(opts.paradigm ?? "react", {
    ...base,
    tools,
    runState,
    todos,
    settings,
    ...(context ? { hooks: [context], countTokens: (s, m, t) => context.count(s, m, t) } : {}),
    ...opts.loop,
  });
  return { result, events, messages, key, todos, outputs, compactions };
}

/** The text of a recorded request (its system prompt and every message, calls included), for "does the model see X" checks. */
export const requestText = (req: ModelRequest): string =>
  [req.system, ...req.messages.map((m) => `${m.content} ${m.role === "assistant" ? JSON.stringify(m.toolCalls ?? "") : ""}`)].join("\n");

/** A load_skill stand-in that records the skill in runState the way src/tools/skills.ts does. */
export function skillLoaderTool(name: string, content: string): Tool {
  return defineTool({
    name: "load_skill",
    description: "loads a skill",
    input: z.object({}),
    run: (_a, ctx) => {
      ctx.runState.set(LOADED_SKILLS_KEY, new Map([[name, { name, content }]]));
      return ok(content);
    },
  });
}
