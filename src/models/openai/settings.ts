// OpenAI's credentials, or any server that speaks its wires (OPENAI_BASE_URL: vLLM, Ollama, a gateway).
import * as z from "zod";
import type { Env } from "../../env";
import { optionalString, optionalUrl } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";

export const OpenAISettings = z.object({
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
});

export const openAISettings = settingsLoader(OpenAISettings);

/** Either is enough: a local server may need no key. */
export function openAIMissing(env: Env): string | undefined {
  const s = openAISettings(env);
  if (s.OPENAI_API_KEY || s.OPENAI_BASE_URL) return undefined;
  return "No model is configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for a non-OpenAI server) in .dev.vars or as secrets.";
}

export function openAIModelConfig(env: Env, options: { model: string; timeoutMs: number; maxRetries: number }) {
  const s = openAISettings(env);
  return { apiKey: s.OPENAI_API_KEY ?? "not-needed", baseURL: s.OPENAI_BASE_URL, ...options };
}
