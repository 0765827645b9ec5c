// A request's sampling fields, checked within OpenAI's ranges (400 naming the field otherwise) and passed
// to every model call of its run (RunOptions.sampling), never dropped: the Chat Completions names; the
// Responses wire's `reasoning.effort`, `reasoning.summary` and `text.verbosity` are read as `reasoning_effort`,
// `reasoning_summary` and `verbosity`, and either wire's token cap (`max_tokens`, `max_completion_tokens`,
// `max_output_tokens`) as `max_completion_tokens`.
import * as z from "zod";
import type { Sampling } from "../agent";

const Penalty = z.number().min(-2).max(2).nullish();
const Effort = z.enum(["none", "minimal", "low", "medium", "high", "xhigh", "max"]).nullish();
export const Verbosity = z.enum(["low", "medium", "high"]).nullish();

/**
 * What both wires take: OpenAI's fields, and the sampling extensions of other OpenAI-compatible servers
 * (vLLM, llama.cpp, OpenRouter) in the ranges those servers accept.
 */
const Shared = {
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  // OpenAI's documented maximum.
  safety_identifier: z.string().max(128).nullish(),
  // -1 and 0 mean every token to vLLM and llama.cpp.
  top_k: z.int().min(-1).nullish(),
  min_p: z.number().min(0).max(1).nullish(),
  repetition_penalty: z.number().positive().nullish(),
};

const Cap = z.int().positive().nullish();

export const ChatSampling = {
  ...Shared,
  seed: z.int().nullish(),
  frequency_penalty: Penalty,
  presence_penalty: Penalty,
  reasoning_effort: Effort,
  verbosity: Verbosity,
  max_tokens: Cap,
  max_completion_tokens: Cap,
};

const Summary = z.enum(["auto", "concise", "detailed"]).nullish();

// `generate_summary` is `summary`'s deprecated name; `mode` and `context` are held to what the agent does by
// refused-parameters.ts. Strict: a field of it nothing reads would be dropped without a word.
export const ResponsesSampling = {
  ...Shared,
  reasoning: z
    .strictObject({
      effort: Effort,
      summary: Summary,
      generate_summary: Summary,
      mode: z.string().nullish(),
      context: z.enum(["auto", "current_turn", "all_turns"]).nullish(),
    })
    .nullish(),
};

const FIELDS = [
  "temperature",
  "top_p",
  "seed",
  "frequency_penalty",
  "presence_penalty",
  "reasoning_effort",
  "reasoning_summary",
  "verbosity",
  "max_completion_tokens",
  "top_k",
  "min_p",
  "repetition_penalty",
  "safety_identifier",
] as const satisfies readonly (keyof Sampling)[];

/** The fields sent (null is as good as absent); undefined when none is. */
export function samplingOf(fields: { [K in keyof Sampling]?: Sampling[K] | null }): Sampling | undefined {
  const sent = Object.fromEntries(FIELDS.flatMap((k) => (fields[k] == null ? [] : [[k, fields[k]]])));
  return Object.keys(sent).length ? sent : undefined;
}
