// The models of one run, one per purpose (src/models: the provider MODEL_API chooses, the model each
// purpose's setting names), each carrying its purpose into the trace.
import { type Emit, type ModelClient, type ModelPurpose, tracedModel } from "../../agent";
import type { Env } from "../../env";
import { withImages, type ImageLoader } from "../../images/with-images";
import { createModel } from "../../models/models";

export type RunModels = Record<ModelPurpose, ModelClient>;

/**
 * The run's models; the summary and grader ones trace their calls themselves (the loop traces the others).
 * With `images` (MODEL_VISION), the writing model is shown the conversation's images, `maxPerCall` at most.
 */
export function createRunModels(env: Env, emit: Emit, images?: { read: ImageLoader; maxPerCall: number }): RunModels {
  const writing = createModel(env, "writing");
  return {
    writing: images ? withImages(writing, images.read, images.maxPerCall) : writing,
    subagent: createModel(env, "subagent"),
    summary: tracedModel(createModel(env, "summary"), emit),
    grader: tracedModel(createModel(env, "grader"), emit),
  };
}
