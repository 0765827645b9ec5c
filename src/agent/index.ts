// The harness core's public surface: what an embedder imports (docs/harness.md shows how). Everything
// here is runtime-neutral (no Cloudflare, no storage): a caller brings a ModelClient, tools, stores and hooks.
export { runLoop, unansweredCalls, type LoopOptions, type LoopResult } from "./loop";
export { HookRunner, forceFirstToolChoice, type Hooks, type ModelStep, type RunContext, type ToolCallInfo, type ToolCallVerdict } from "./hooks";
export { replayGuard } from "./replay-guard";
export { addClientTools, type ClientCall, type ClientToolSpec } from "./client-tools";
export { RunState, type RunStateKey, type RunStateVars } from "./run-state";
export * from "./events";
export {
  IMAGE_DETAILS,
  imagesOf,
  newId,
  now,
  userMessage,
  type ImageDetail,
  type ImageMediaType,
  type ImageRef,
  type AssistantMessage,
  type Message,
  type Role,
  type SummaryMessage,
  type ToolCall,
  type ToolResultMessage,
  type ToolStatus,
  type UserMessage,
} from "./messages";
export {
  ModelError,
  type ModelClient,
  type ModelPurpose,
  type ModelPurposes,
  type ModelRequest,
  type Sampling,
  type ModelResponse,
  type ResponseFormat,
  type ToolChoice,
} from "./model";
export { parsedObject, type AnswerFormat } from "./answer-format";
export { createOpenAIModel, fromWire, toWire, storedImages, unseenImage, wireImageParts, type ModelConfig, type WireMessage } from "./providers/openai";
export { createOpenAIResponsesModel } from "./providers/openai-responses";
export { tracedModel } from "./traced-model";
export {
  defineTool,
  fail,
  ok,
  signatureParameters,
  ToolRegistry,
  type JsonSchema,
  type Tool,
  type ToolContext,
  type ToolResult,
  type ToolSignature,
  type ToolSpec,
  type Validation,
} from "./tools";
export { HARNESS_TOOL_SIGNATURES } from "./harness-tool-signatures";
export { isSchema } from "./closed-arguments";
export { MAX_MODEL_TOOLS, TOOL_SEARCH, searchTools, toolSearchTool } from "./tool-search";
export { fitToolName, MCP_TOOL_PREFIX } from "./tool-names";
export {
  PARADIGM_REGISTRY,
  PARADIGMS,
  ParadigmSchema,
  runParadigm,
  type Paradigm,
  type ParadigmEntry,
  type ParadigmOptions,
  type ParadigmSettings,
} from "./paradigms";
export { createTodoWriteTool, MemoryTodoStore, renderTodos, TODO_WRITE_TOOL, todosOf, type TodoStore } from "./todo";
export { todoReminder } from "./todo-reminder";
export { createTaskTool, SUBAGENT_SYSTEM_PROMPT, TASK_TOOL, type SubagentDeps } from "./subagents";
export { ContextManager, type CompactionOutcome, type ContextDeps, type ContextSettings } from "./context/context-manager";
export { MemoryCompactionStore, type Compaction, type CompactionStore } from "./context/compaction";
export { createReadToolOutputTool } from "./context/read-tool-output";
export type { ToolOutputStore } from "./context/tool-outputs";
export type { OutputLimits, TruncationMode } from "./context/truncation";
export { LOADED_SKILLS_KEY, type LoadedSkill } from "./context/loaded-skills";
