// A run recipe: a run that is not the session's conversation but a small task of its own, passed in by
// whoever starts it (learning's model grading, docs/learning.md). The run gets a system prompt, its input
// as the one user message (no history; nothing joins the conversation), one output tool described by a
// JSON Schema and forced on the first step, and a model purpose. The output tool's first valid call ends
// the run: its arguments, checked against the schema, are the run's output as JSON. A malformed call gets
// the validation errors back and another step (up to maxSteps); then the run fails with `failure`.
// The session runs it like any run, so it is traced and counted, and knows nothing of what it is for.
import {
  type ErrorInfo,
  type Emit,
  forceFirstToolChoice,
  type JsonSchema,
  type ModelClient,
  type ModelPurpose,
  runLoop,
  type RunResult,
  type Tool,
  ToolRegistry,
  userMessage,
} from "../../agent";
import { jsonSchemaValidation } from "../../lib/json-schema-validation";

export interface RunRecipe {
  system: string;
  /** The tool whose arguments are the run's result. */
  output: { name: string; description: string; parameters: JsonSchema };
  /** Model calls at most: one, plus retries of a malformed output. */
  maxSteps: number;
  /** Which model writes it (models per purpose, src/models/settings.ts). */
  purpose: ModelPurpose;
  /** The run's error when no valid output came within maxSteps. */
  failure: ErrorInfo;
}

export interface RecipeRunOptions {
  recipe: RunRecipe;
  input: string;
  model: ModelClient;
  runId: string;
  sessionId: string;
  signal: AbortSignal;
  stream: boolean;
  emit: Emit;
}

/** Runs the recipe; a completed run's output is the output tool's arguments as JSON. */
export async function runRecipe(o: RecipeRunOptions): Promise<RunResult> {
  const { recipe } = o;
  let output: unknown;
  const validate = jsonSchemaValidation(recipe.output.parameters);
  const outputTool: Tool = {
    name: recipe.output.name,
    description: recipe.output.description,
    parameters: recipe.output.parameters,
    validate,
    sequential: true,
    run(args) {
      output ??= args;
      return { status: "success", content: "Recorded.", endRun: { output: JSON.stringify(args) } };
    },
  };
  const result = await runLoop({
    runId: o.runId,
    sessionId: o.sessionId,
    model: o.model,
    system: recipe.system,
    tools: new ToolRegistry([outputTool]),
    history: [userMessage(o.input)],
    maxSteps: recipe.maxSteps,
    signal: o.signal,
    stream: o.stream,
    emit: o.emit,
    // The recipe's conversation stays out of the session's history; its events are in the trace.
    onMessage: () => {},
    hooks: [forceFirstToolChoice({ name: recipe.output.name })],
  });
  if (output !== undefined) return { ...result, status: "completed", output: JSON.stringify(output) };
  if (result.status === "failed" || result.status === "cancelled") return result;
  return { ...result, status: "failed", error: recipe.failure };
}
