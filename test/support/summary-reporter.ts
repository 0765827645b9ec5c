// Ends the test output with the slowest test files (where the suite's time goes, so the next one to cut
// is in plain sight) and one plain line, "N passed, N failed, N skipped", that any CI can read, with the
// files that failed before any of their tests ran (an import, a missing fixture) counted beside it.
import type { Reporter, TestModule } from "vitest/node";
import { recordDurations } from "./file-durations";

/** How many of the slowest files to list. */
const SLOWEST_SHOWN = 10;

/** A file's own time: its environment, imports, setup files, tests and hooks (not time spent queued). */
function fileMs(m: TestModule): number {
  const d = m.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    let brokenFiles = 0;
    for (const m of testModules) {
      if (m.state() === "failed" && m.errors().length > 0) brokenFiles++;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
    }
    // `npm run test:durations`: the order the next runs start their files in (longest-first-sequencer.ts).
    if (process.env.RECORD_TEST_DURATIONS === "1") recordDurations(testModules, fileMs);
    const slowest = [...testModules].sort((a, b) => fileMs(b) - fileMs(a)).slice(0, SLOWEST_SHOWN);
    const lines = slowest.map((m) => `${(fileMs(m) / 1000).toFixed(1).padStart(7)} s  ${m.relativeModuleId} (${m.project.name})`);
    process.stdout.write(`\nSlowest ${slowest.length} test files:\n${lines.join("\n")}\n`);
    const broken = brokenFiles ? `; ${brokenFiles} test file${brokenFiles === 1 ? "" : "s"} failed outside ${brokenFiles === 1 ? "its" : "their"} tests` : "";
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${broken}\n`);
  }
}
