// A model provider as the registry (registry.ts) holds it: its name in MODEL_API, its own settings
// (credentials, base URL), and how it builds a ModelClient. A new provider (Anthropic, a local server
// with its own wire) is one folder here and one line in registry.ts; nothing of the session changes.
import type { ModelClient, ModelPurpose } from "../agent";
import type { Env } from "../env";
import type { SettingsSlice } from "../lib/settings-loader";

/** What every provider is asked for, whatever its wire (settings of models/settings.ts). */
export interface ModelOptions {
  /** The model's name on the provider (MODEL, or a purpose's own). */
  model: string;
  purpose: ModelPurpose;
  timeoutMs: number;
  maxRetries: number;
}

export interface ModelProvider {
  /** Its value of MODEL_API. */
  readonly name: string;
  /** Its own settings, merged into the configuration (src/config.ts) and read with its own loader. */
  readonly settings: SettingsSlice;
  /** Why no model can be called with the deployment's settings (a run then fails with model_not_configured); undefined when it can. */
  missing(env: Env): string | undefined;
  create(env: Env, options: ModelOptions): ModelClient;
}
