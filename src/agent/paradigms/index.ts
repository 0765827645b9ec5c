// A paradigm is a strategy over the loop: how many loops, with which prompts and forced tools.
import { runLoop, type LoopOptions, type LoopResult } from "../loop";

export type Paradigm = "react" | "reflection" | "plan-solve";

export async function runParadigm(paradigm: Paradigm, o: LoopOptions): Promise<LoopResult> {
  switch (paradigm) {
    case "react":
      return runLoop(o);
    default:
      return { runId: o.runId, status: "failed", output: "", steps: 0, usage: o.usageSoFar ?? { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, error: { code: "paradigm_unavailable", message: `The ${paradigm} paradigm is not available yet.` } };
  }
}
