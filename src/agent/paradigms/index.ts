// The paradigm registry: a paradigm is a strategy over the loop (how many loops, with which prompts and
// forced tools). Everything that names paradigms derives from this one record: the Paradigm type, the
// zod enum the routes and the task tool validate with, and the stored run options. One entry adds one.
import * as z from "zod";
import type { LoopResult } from "../loop";
import type { ParadigmOptions } from "./options";
import { runPlanSolve } from "./plan-solve";
import { runReact } from "./react";
import { runReflection } from "./reflection";

export type { ParadigmOptions, ParadigmSettings } from "./options";

export interface ParadigmEntry {
  /** One line for docs and the task tool's description. */
  summary: string;
  run(o: ParadigmOptions): Promise<LoopResult>;
}

export const PARADIGM_REGISTRY = {
  react: { summary: "the loop itself: act with tools until the answer is ready", run: runReact },
  reflection: { summary: "answer, have a critic review the answer, revise", run: runReflection },
  "plan-solve": { summary: "plan the steps first, then do them one by one, then synthesize", run: runPlanSolve },
} satisfies Record<string, ParadigmEntry>;

export type Paradigm = keyof typeof PARADIGM_REGISTRY;

export const ParadigmSchema = z.enum(Object.keys(PARADIGM_REGISTRY) as [Paradigm, ...Paradigm[]]);

export const PARADIGMS: readonly Paradigm[] = ParadigmSchema.options;

export function runParadigm(paradigm: Paradigm, o: ParadigmOptions): Promise<LoopResult> {
  return PARADIGM_REGISTRY[paradigm].run(o);
}
