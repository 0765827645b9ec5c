// The models of one run, one per purpose: writing on MODEL; summaries, grading, the blind answer check and
// subagents on MODEL_FAST unless their own setting names another, else on MODEL. Each speaks the wire
// MODEL_API chooses, and carries its purpose into the trace.
import { createOpenAIModel, createOpenAIResponsesModel, type Emit, type ModelClient, type ModelPurpose, tracedModel } from "../../agent";
import type { Config } from "../../config";
import { withImages, type ImageLoader } from "../../images/with-images";

export type RunModels = Record<ModelPurpose, ModelClient>;

export function modelName(config: Config, purpose: ModelPurpose): string {
  const own = { writing: undefined, summary: config.MODEL_SUMMARY, grader: config.MODEL_GRADER, subagent: config.MODEL_SUBAGENT }[purpose];
  return purpose === "writing" ? config.MODEL : (own ?? config.MODEL_FAST ?? config.MODEL);
}

/** A model client per config and purpose, built once per isolate: building the SDK's client costs CPU every run otherwise. */
const models = new WeakMap<Config, Map<ModelPurpose, ModelClient>>();

export function createModel(config: Config, purpose: ModelPurpose): ModelClient {
  let byPurpose = models.get(config);
  if (!byPurpose) models.set(config, (byPurpose = new Map()));
  let model = byPurpose.get(purpose);
  if (!model) byPurpose.set(purpose, (model = buildModel(config, purpose)));
  return model;
}

function buildModel(config: Config, purpose: ModelPurpose): ModelClient {
  const create = config.MODEL_API === "responses" ? createOpenAIResponsesModel : createOpenAIModel;
  const client = create({
    apiKey: config.OPENAI_API_KEY ?? "not-needed",
    baseURL: config.OPENAI_BASE_URL,
    model: modelName(config, purpose),
    timeoutMs: config.MODEL_TIMEOUT_MS,
    maxRetries: config.MODEL_MAX_RETRIES,
  });
  return { model: client.model, purpose, complete: (req) => client.complete(req) };
}

/**
 * The run's models; the summary and grader ones trace their calls themselves (the loop traces the others).
 * With `images` (MODEL_VISION), the writing model is shown the conversation's images.
 */
export function createRunModels(config: Config, emit: Emit, images?: ImageLoader): RunModels {
  const writing = createModel(config, "writing");
  return {
    writing: images ? withImages(writing, images) : writing,
    subagent: createModel(config, "subagent"),
    summary: tracedModel(createModel(config, "summary"), emit),
    grader: tracedModel(createModel(config, "grader"), emit),
  };
}
