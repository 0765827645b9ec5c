// Starts each project's longest test files first, by the durations in test/file-durations.json: with two
// workers, a long file started last runs alone at the end. Projects stay grouped, as vitest groups them,
// because a worker is reused only for a file of the same project; files not in the record keep vitest's order
// (its cached durations, else size) after the recorded ones.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { durationKey, recordedDurations } from "./file-durations.ts";

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const recorded = recordedDurations();
    const root = this.ctx.config.root;
    const msOf = (s: TestSpecification) => recorded.get(durationKey(s.project.name, relative(root, s.moduleId))) ?? -1;
    const projectOrder = new Map<string, number>();
    for (const s of base) if (!projectOrder.has(s.project.name)) projectOrder.set(s.project.name, projectOrder.size);
    // Array.prototype.sort is stable: unrecorded files (all -1) keep the base order among themselves.
    return [...base].sort((a, b) => projectOrder.get(a.project.name)! - projectOrder.get(b.project.name)! || msOf(b) - msOf(a));
  }
}
