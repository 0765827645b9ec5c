// Which model a run calls for each purpose (docs/openai-compatible.md#models-per-purpose), through which
// provider (MODEL_API, one of the registry's), and how patiently. Writing stays on MODEL; summaries,
// grading, the blind answer check and subagents go to MODEL_FAST unless their own setting names another.
import * as z from "zod";
import type { ModelPurpose } from "../agent";
import { int, optionalString } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";
import { MODEL_PROVIDERS } from "./registry";

// The product's own purpose beside the core's (writing, summary, subagent): grading answers and the blind
// answer check, on MODEL_GRADER.
declare module "../agent/model" {
  interface ModelPurposes {
    grader: true;
  }
}

const names = MODEL_PROVIDERS.map((p) => p.name);

export const ModelSettings = z.object({
  MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  /** A smaller model for summaries, grading, the blind answer check and subagents; each purpose may override it. */
  MODEL_FAST: optionalString,
  MODEL_SUMMARY: optionalString,
  MODEL_GRADER: optionalString,
  MODEL_SUBAGENT: optionalString,
  /** The provider (its wire): Chat Completions, the Responses API, or any other registered in registry.ts. */
  MODEL_API: z
    .string()
    .default(MODEL_PROVIDERS[0].name)
    .refine((name) => names.includes(name), { error: `must be one of ${names.join(", ")}` }),
  MODEL_TIMEOUT_MS: int(120_000, 100),
  MODEL_MAX_RETRIES: int(3, 0, 10),
});

/** The model settings with every provider's own (each provider's slice once). */
export const MODEL_SLICES = [ModelSettings, ...new Set(MODEL_PROVIDERS.map((p) => p.settings))];

export const modelSettings = settingsLoader(ModelSettings);

export type ModelSettings = z.output<typeof ModelSettings>;

export function modelName(s: ModelSettings, purpose: ModelPurpose): string {
  const own = { writing: undefined, summary: s.MODEL_SUMMARY, grader: s.MODEL_GRADER, subagent: s.MODEL_SUBAGENT }[purpose];
  return purpose === "writing" ? s.MODEL : (own ?? s.MODEL_FAST ?? s.MODEL);
}
