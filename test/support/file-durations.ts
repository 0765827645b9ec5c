// How long each slow test file took in a recorded full run, kept in test/file-durations.json so that a fresh
// clone (where vitest has no cache of earlier runs) can start its longest files first. Without it vitest
// orders a fresh run by file size, and the MCP conformance file (90 s, a small file) started last, leaving
// one of the two workers idle for the suite's last minute. Only the order depends on these figures, so a
// stale record costs time, never a result. `npm run test:durations` records them again.
import { readFileSync, writeFileSync } from "node:fs";
import type { TestModule } from "vitest/node";
import { fromRoot } from "./paths.ts";

const FILE = fromRoot("test/file-durations.json");

/** Files quicker than this are left to vitest's own order: starting them early or late changes little. */
const RECORDED_FROM_MS = 1_000;

/** The key of a file in the record: its project and its path from the root, as vitest names them. */
export const durationKey = (project: string, relativePath: string): string => `${project}:${relativePath}`;

/** The recorded milliseconds of each slow file; empty when nothing was recorded. */
export function recordedDurations(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(FILE, "utf8")) as Record<string, number>));
  } catch {
    return new Map();
  }
}

/** Writes the record from a run's files and the time each one took. */
export function recordDurations(modules: ReadonlyArray<TestModule>, fileMs: (m: TestModule) => number): void {
  const slow = modules
    .map((m) => [durationKey(m.project.name, m.relativeModuleId), Math.round(fileMs(m) / 100) * 100] as const)
    .filter(([, ms]) => ms >= RECORDED_FROM_MS)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  writeFileSync(FILE, `${JSON.stringify(Object.fromEntries(slow), null, 2)}\n`);
}
