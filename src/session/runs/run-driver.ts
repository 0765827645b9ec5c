// Drives one run inside the Session Durable Object: builds the model, the tools and the prompt from
// its settings, runs the paradigm's loop over the stored history (or a caller's recipe, run-recipe.ts),
// and checkpoints progress as it goes.
import { addClientTools, type Hooks, type LoopResult, replayGuard, runParadigm, type RunResult, RunState, type SourcedEvent, userMessage } from "../../agent";
import type { Env } from "../../env";
import { createModel, modelMissing } from "../../models/models";
import { sessionAgentStores } from "../agent-stores";
import type { SessionConfig } from "../settings";
import { createContextManager, paradigmSettings } from "./harness-parts";
import { runDeadline } from "./run-deadline";
import type { ExecutionStart } from "./run-lifecycle";
import { createRunModels } from "./run-models";
import { runRecipe } from "./run-recipe";
import { answerFormatOf } from "./answer-format-check";
import { RUN_STATE_MAX_CHARS, type SessionStore } from "../session-store";
import type { RunRow } from "./run-row";
import { RunTally } from "./run-tally";
import { buildSystemPrompt, callerGuidance, DEFAULT_SYSTEM_PROMPT } from "./system-prompt";
import { buildToolset } from "./toolset";
import type { McpInputRequest } from "../../mcp";
import { imageLoader } from "../../images/with-images";
import { imageSettings } from "../../images/settings";

export interface DriveDeps {
  config: SessionConfig;
  env: Env;
  sessionId: string;
  store: SessionStore;
  run: RunRow;
  signal: AbortSignal;
  emit: (e: SourcedEvent) => void;
  /** How this execution of the run begins (run-lifecycle.ts): `recover` after a restart. */
  how: ExecutionStart;
  /** The permission policy and a person's decisions (approval-requests.ts), for the run and its subagents. */
  permissions: Hooks;
  /** Asks the run's user an MCP server's question (input-requests.ts) and waits for the answer. */
  askUser: McpInputRequest;
}

/** A run that failed before or outside its loop: what it had done so far, and why it stopped. */
export function failedResult(run: RunRow, code: string, message: string): RunResult {
  return { runId: run.runId, status: "failed", output: "", steps: run.steps, usage: run.usage, error: { code, message } };
}

export async function driveRun(d: DriveDeps): Promise<LoopResult> {
  const { config, store, run } = d;
  const fail = (code: string, message: string) => failedResult(run, code, message);

  const recipe = run.options.recipe;
  // The user's message (after the request's earlier ones) is stored once: by the run's first execution (a resumed
  // run's stored it), or by a recovering one that was lost before it could. A recipe's conversation is its own,
  // not part of the session's history.
  if (!recipe && (d.how === "start" || (d.how === "recover" && store.messageCount(run.runId) === 0))) {
    for (const m of run.options.earlier ?? []) store.appendMessage(m, run.runId);
    const { images, inputName } = run.options;
    store.appendMessage({ ...userMessage(run.input), ...(images?.length ? { images } : {}), ...(inputName ? { name: inputName } : {}) }, run.runId);
  }
  const missing = modelMissing(d.env);
  if (missing) return fail("model_not_configured", missing);
  // Every model call of the run, whatever its purpose or agent, counts toward its model's usage.
  const tally = new RunTally(run);
  const recordingEmit = (e: SourcedEvent) => {
    d.emit(e);
    if (e.type !== "model.response") return;
    tally.call(e.model, e.usage);
    store.runs.saveUsageByModel(run.runId, tally.usageByModel);
  };
  if (recipe)
    return runRecipe({
      recipe,
      input: run.input,
      model: createModel(d.env, recipe.purpose),
      runId: run.runId,
      sessionId: d.sessionId,
      signal: d.signal,
      stream: run.options.stream,
      emit: recordingEmit,
    });
  // With MODEL_VISION the writing model is shown the conversation's images, read from the session's owner's store:
  // the most recent MAX_IMAGES_PER_CALL of them (the context's view shows no more, and withImages reads no more).
  const { MODEL_VISION, MAX_IMAGES_PER_CALL } = imageSettings(d.env);
  const read = MODEL_VISION ? imageLoader(d.env.IMAGES, store.tenant(), run.options.tenant ?? null) : undefined;
  const models = createRunModels(d.env, recordingEmit, read && { read, maxPerCall: MAX_IMAGES_PER_CALL });
  const stores = sessionAgentStores(store, run.runId);
  const deadline = runDeadline(d.signal, config.RUN_TIMEOUT_MS);
  const signal = deadline.signal;
  const toolset = await buildToolset({
    config,
    env: d.env,
    sessionId: d.sessionId,
    store,
    emit: recordingEmit,
    signal,
    models,
    stores,
    stream: run.options.stream,
    ...(run.options.origin && { origin: run.options.origin }),
    toolGuards: [d.permissions],
    // Waiting for the user's answer does not count against RUN_TIMEOUT_MS; stopping the run withdraws the question.
    elicit: (server, request, requestSignal) => deadline.hold(d.askUser(server, request, AbortSignal.any([requestSignal, signal]))),
  });
  // The client's own tools join the agent's (renamed on a collision); the loop hands their calls back to the client.
  const client = run.options.clientTools;
  const clientNames = client ? addClientTools(toolset.tools, client.tools) : new Map<string, string>();
  const choice = client?.toolChoice;
  const toolChoice = typeof choice === "object" ? { name: clientNames.get(choice.name) ?? choice.name } : choice;
  // What the run learnt in its earlier invocations (pages read, skills loaded, reminders shown), saved
  // with the step's checkpoint or the next message it stores once a key was set, and compared whole at
  // the end of the invocation (a value changed in place without set() counts there), so a yield, a pause
  // or a restart continues from it.
  let savedState = run.state;
  const runState = RunState.restore(savedState);
  let savedVersion = runState.version;
  let warnedTooLarge = false;
  /** The state's snapshot when it is to be saved now (`whole`: compared even without a set()), taken as saved. */
  const stateToSave = (whole: boolean): string | undefined => {
    if (!whole && runState.version === savedVersion) return;
    savedVersion = runState.version;
    const snapshot = runState.snapshot();
    if (snapshot === (savedState ?? "{}")) return;
    // Past the row's limit the state is not stored (the run goes on in this invocation), and says so.
    if (snapshot.length > RUN_STATE_MAX_CHARS) {
      if (!warnedTooLarge)
        recordingEmit({
          type: "warning",
          code: "run_state_too_large",
          message: `The run's state (${snapshot.length} characters) is over ${RUN_STATE_MAX_CHARS}: an invocation that continues this run will not have it.`,
        });
      warnedTooLarge = true;
      return;
    }
    return (savedState = snapshot);
  };
  const saveState = (whole: boolean) => {
    const snapshot = stateToSave(whole);
    if (snapshot !== undefined) store.runs.saveState(run.runId, snapshot);
  };
  try {
    const emit = (e: SourcedEvent) => {
      // After every writing step of the top-level agent, one write checkpoints the run's counters, and its
      // state when a hook changed it for that step (the todo reminder shown before the call).
      if (e.type === "model.response" && !e.agent && e.purpose === "writing") {
        d.emit(e);
        tally.step(e.step, e.model, e.usage);
        store.runs.checkpoint(run.runId, tally, stateToSave(false));
      } else recordingEmit(e);
    };
    const history = store.modelHistory();
    const context = createContextManager(config, models.summary, stores, runState, MAX_IMAGES_PER_CALL);
    const result = await runParadigm(run.options.paradigm, {
      runId: run.runId,
      sessionId: d.sessionId,
      model: models.writing,
      system: buildSystemPrompt(
        run.options.system ?? config.SYSTEM_PROMPT ?? DEFAULT_SYSTEM_PROMPT,
        run.options.guidance ? [...toolset.promptSections, callerGuidance(run.options.guidance)] : toolset.promptSections,
        new Date().toISOString().slice(0, 10),
      ),
      tools: toolset.tools,
      history,
      maxSteps: run.options.maxSteps,
      // RUN_STEPS_PER_INVOCATION: this execution makes at most that many model calls, then yields (run-executor.ts).
      ...(config.RUN_STEPS_PER_INVOCATION ? { yieldAtStep: run.steps + config.RUN_STEPS_PER_INVOCATION } : {}),
      stepsSoFar: run.steps,
      usageSoFar: run.usage,
      ...(toolChoice ? { toolChoice } : {}),
      ...(client?.parallelToolCalls !== undefined ? { parallelToolCalls: client.parallelToolCalls } : {}),
      sampling: run.options.sampling,
      signal,
      stream: run.options.stream,
      emit,
      onMessage: (m) => {
        store.appendMessage(m, run.runId);
        saveState(false);
      },
      maxParallelTools: config.MAX_PARALLEL_TOOLS,
      runState,
      // The context first (it cuts outputs after every other hook), the permission check last (it sees rewritten arguments).
      hooks: [context, ...(d.how === "recover" ? [replayGuard(history)] : []), d.permissions],
      countTokens: (s, m, t) => context.count(s, m, t),
      ...(run.options.answerFormat ? { answerFormat: answerFormatOf(run.options.answerFormat) } : {}),
      todos: stores.todos,
      settings: paradigmSettings(config),
    });
    return deadline.verdict(result);
  } finally {
    saveState(true);
    deadline.clear();
    await toolset.close();
  }
}
