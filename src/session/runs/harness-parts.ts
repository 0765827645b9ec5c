// The harness's parts for one run, built from its settings (harness-settings.ts, documented in
// docs/harness.md): the context manager, the paradigms' settings and the harness tools (todo_write,
// read_tool_output, task).
import {
  type CompactionStore,
  ContextManager,
  type ContextSettings,
  createReadToolOutputTool,
  createTaskTool,
  createTodoWriteTool,
  type Hooks,
  MemoryCompactionStore,
  type ModelClient,
  type OutputLimits,
  type ParadigmSettings,
  type RunState,
  type TodoStore,
  type Tool,
  type ToolRegistry,
} from "../../agent";
import type { AgentStores } from "../agent-stores";
import { skillsInHistory } from "../../tools/skills";
import type { HarnessSettings } from "./harness-settings";
import type { RunModels } from "./run-models";

export function outputLimits(config: HarnessSettings): OutputLimits {
  return { maxLines: config.TOOL_OUTPUT_MAX_LINES, maxBytes: config.TOOL_OUTPUT_MAX_BYTES, mode: config.TOOL_OUTPUT_TRUNCATION };
}

/** `maxImages`: MAX_IMAGES_PER_CALL (an image setting, not the harness's); absent for a subagent, whose conversation has none. */
export function contextSettings(config: HarnessSettings, maxImages?: number): ContextSettings {
  return {
    contextWindow: config.MODEL_CONTEXT_WINDOW,
    compactionThreshold: config.COMPACTION_THRESHOLD,
    autoCompaction: config.AUTO_COMPACTION,
    keepRounds: config.COMPACTION_KEEP_ROUNDS,
    summaryMaxTokens: config.COMPACTION_SUMMARY_MAX_TOKENS,
    micro: { keepRecent: config.MICRO_COMPACTION_KEEP_RESULTS, minChars: config.MICRO_COMPACTION_MIN_CHARS, keepChars: config.MICRO_COMPACTION_KEEP_CHARS },
    output: outputLimits(config),
    ...(maxImages !== undefined ? { maxImages } : {}),
  };
}

export function paradigmSettings(config: HarnessSettings): ParadigmSettings {
  return {
    todoReminderTurns: config.TODO_REMINDER_TURNS,
    thinkFinishTools: config.REACT_THINK_FINISH,
    reflectionMaxRounds: config.REFLECTION_MAX_ROUNDS,
    planMaxSteps: config.PLAN_MAX_STEPS,
  };
}

export function createContextManager(
  config: HarnessSettings,
  model: ModelClient,
  stores: { outputs: AgentStores["outputs"]; compactions: CompactionStore; todos: TodoStore },
  runState: RunState,
  maxImages?: number,
): ContextManager {
  return new ContextManager({ model, ...stores, runState, skillsInHistory, settings: contextSettings(config, maxImages) });
}

export interface HarnessToolDeps {
  config: HarnessSettings & { MAX_PARALLEL_TOOLS: number };
  models: RunModels;
  stores: AgentStores;
  stream: boolean;
  /** The run's registry: subagents get its tools as they are when a task starts. */
  tools: ToolRegistry;
  /** The subagents' system prompt. */
  subagentSystem: string;
  /** The run's permission check: a child may not run what its parent may not. */
  toolGuards: readonly Hooks[];
}

export function createHarnessTools(d: HarnessToolDeps): Tool[] {
  const { config, models, stores } = d;
  return [
    createTodoWriteTool(stores.todos, { maxItems: config.TODO_MAX_ITEMS }),
    createReadToolOutputTool(stores.outputs, outputLimits(config)),
    createTaskTool({
      model: models.subagent,
      tools: d.tools,
      system: d.subagentSystem,
      maxSteps: config.SUBAGENT_MAX_STEPS,
      maxConcurrent: config.SUBAGENT_MAX_CONCURRENT,
      timeoutMs: config.SUBAGENT_TIMEOUT_MS,
      stream: d.stream,
      maxParallelTools: config.MAX_PARALLEL_TOOLS,
      settings: paradigmSettings(config),
      todoMaxItems: config.TODO_MAX_ITEMS,
      toolGuards: d.toolGuards,
      // A child compacts in memory: its context ends with it, and the session's overlay is the parent's.
      context: ({ todos, runState }) =>
        createContextManager(config, models.summary, { outputs: stores.outputs, compactions: new MemoryCompactionStore(), todos }, runState),
    }),
  ];
}
