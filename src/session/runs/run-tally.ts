// What a run has used so far, as its row keeps it (run-store.ts checkpoint): its steps and usage, which
// count the top-level agent's writing calls as the loop does, and every model call's usage by model.
import { addUsage, emptyUsage, type Usage } from "../../agent";
import type { RunRow } from "./run-row";

export class RunTally {
  steps: number;
  usage: Usage;
  readonly usageByModel: Record<string, Usage>;

  /** From what the run's row holds: a run continued in another invocation goes on counting from there. */
  constructor(run: Pick<RunRow, "steps" | "usage" | "usageByModel">) {
    this.steps = run.steps;
    this.usage = run.usage;
    this.usageByModel = { ...run.usageByModel };
  }

  /** Counts a model call toward its model's usage. */
  call(model: string, usage: Usage): void {
    this.usageByModel[model] = addUsage(this.usageByModel[model] ?? emptyUsage(), usage);
  }

  /** Counts the run's step `step` (a writing call of the top-level agent). */
  step(step: number, model: string, usage: Usage): void {
    this.steps = step;
    this.usage = addUsage(this.usage, usage);
    this.call(model, usage);
  }
}
