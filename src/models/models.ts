// A model client per purpose from the chosen provider (MODEL_API), built once per env object and purpose:
// building the SDK's client costs CPU every run otherwise.
import type { ModelClient, ModelPurpose } from "../agent";
import type { Env } from "../env";
import type { ModelProvider } from "./model-provider";
import { MODEL_PROVIDERS } from "./registry";
import { modelName, modelSettings } from "./settings";

/** The provider MODEL_API names (the settings refused any other name). */
export function chosenProvider(env: Env): ModelProvider {
  const name = modelSettings(env).MODEL_API;
  return MODEL_PROVIDERS.find((p) => p.name === name) ?? MODEL_PROVIDERS[0];
}

/** Why no model can be called (model_not_configured), or undefined. */
export const modelMissing = (env: Env): string | undefined => chosenProvider(env).missing(env);

const models = new WeakMap<Env, Map<ModelPurpose, ModelClient>>();

export function createModel(env: Env, purpose: ModelPurpose): ModelClient {
  let byPurpose = models.get(env);
  if (!byPurpose) models.set(env, (byPurpose = new Map()));
  let model = byPurpose.get(purpose);
  if (!model) {
    const s = modelSettings(env);
    const client = chosenProvider(env).create(env, { model: modelName(s, purpose), purpose, timeoutMs: s.MODEL_TIMEOUT_MS, maxRetries: s.MODEL_MAX_RETRIES });
    byPurpose.set(purpose, (model = { model: client.model, purpose, complete: (req) => client.complete(req) }));
  }
  return model;
}
