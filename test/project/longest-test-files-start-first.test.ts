// The suite's sequencer starts each project's longest recorded files first (test/file-durations.json), keeps
// the projects grouped, and leaves files without a record in vitest's own order after them.
import type { TestSpecification, Vitest } from "vitest/node";
import { describe, expect, it } from "vitest";
import { recordedDurations } from "../support/file-durations";
import LongestFirstSequencer from "../support/longest-first-sequencer";
import { ROOT, fromRoot } from "../support/paths";

/** Just what the sequencer reads of a specification: its project's name and settings, and its file. */
function spec(project: string, path: string): TestSpecification {
  const config = { sequence: { groupOrder: 0 }, isolate: false };
  return { project: { name: project, config }, moduleId: fromRoot(path) } as unknown as TestSpecification;
}

const sequencer = new LongestFirstSequencer({ config: { root: ROOT }, cache: { getTestSpecificationResult: () => undefined } } as unknown as Vitest);
const order = async (specs: TestSpecification[]) => (await sequencer.sort(specs)).map((s) => `${s.project.name}:${s.moduleId.slice(ROOT.length + 1)}`);

describe("the order test files start in", () => {
  const recorded = [...recordedDurations()];

  it("has a record of the slow files", () => {
    expect(recorded.length).toBeGreaterThan(20);
  });

  it("is longest first by the record, each project's files together, unrecorded files after", async () => {
    const [longestNode] = recorded.filter(([key]) => key.startsWith("node:")).map(([key]) => key);
    const shorterNode = recorded.filter(([key]) => key.startsWith("node:")).at(-1)![0];
    const [longestWorkers] = recorded.filter(([key]) => key.startsWith("workers:")).map(([key]) => key);
    const unrecorded = "node:test/project/longest-test-files-start-first.test.ts";
    expect(recorded.map(([key]) => key)).not.toContain(unrecorded);
    const asSpec = (key: string) => spec(key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1));
    const sorted = await order([unrecorded, longestWorkers!, shorterNode, longestNode!].map(asSpec));
    expect(sorted).toEqual([longestNode, shorterNode, unrecorded, longestWorkers]);
  });
});
