// A paradigm is a strategy over the loop: how many loops, with which prompts and forced tools.
import type { LoopResult } from "../loop";
import type { Paradigm, ParadigmOptions } from "./options";
import { runPlanSolve } from "./plan-solve";
import { runReact } from "./react";
import { runReflection } from "./reflection";

export type { Paradigm, ParadigmOptions, ParadigmSettings } from "./options";

export function runParadigm(paradigm: Paradigm, o: ParadigmOptions): Promise<LoopResult> {
  switch (paradigm) {
    case "react":
      return runReact(o);
    case "reflection":
      return runReflection(o);
    case "plan-solve":
      return runPlanSolve(o);
  }
}
