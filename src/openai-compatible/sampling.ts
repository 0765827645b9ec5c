// A request's sampling fields, checked within OpenAI's ranges (400 naming the field otherwise) and passed
// to every model call of its run (RunOptions.sampling), never dropped: the Chat Completions names; the
// Responses wire's `reasoning.effort` is read as `reasoning_effort`, and either wire's token cap
// (`max_tokens`, `max_completion_tokens`, `max_output_tokens`) as `max_completion_tokens`.
import * as z from "zod";
import type { Sampling } from "../agent";

const Penalty = z.number().min(-2).max(2).nullish();
const Effort = z.enum(["none", "minimal", "low", "medium", "high", "xhigh"]).nullish();

/** What both wires take. */
const Shared = { temperature: z.number().min(0).max(2).nullish(), top_p: z.number().min(0).max(1).nullish() };

const Cap = z.int().positive().nullish();

export const ChatSampling = {
  ...Shared,
  seed: z.int().nullish(),
  frequency_penalty: Penalty,
  presence_penalty: Penalty,
  reasoning_effort: Effort,
  max_tokens: Cap,
  max_completion_tokens: Cap,
};

export const ResponsesSampling = { ...Shared, reasoning: z.looseObject({ effort: Effort }).nullish() };

/** The fields sent (null is as good as absent); undefined when none is. */
export function samplingOf(fields: { [K in keyof Sampling]?: Sampling[K] | null }): Sampling | undefined {
  const sent = Object.fromEntries(
    (["temperature", "top_p", "seed", "frequency_penalty", "presence_penalty", "reasoning_effort", "max_completion_tokens"] as const).flatMap((k) =>
      fields[k] == null ? [] : [[k, fields[k]]],
    ),
  );
  return Object.keys(sent).length ? sent : undefined;
}
