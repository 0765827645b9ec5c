// Where every benchmark keeps its figures: bench/results/<kind>-<stamp>.json (the record, with the
// machine and every sample) and bench/results/<kind>.md (the table BENCHMARKS.md quotes).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO } from "./peer-bench.mjs";

export function saveRecord(kind, record, render) {
  // BENCH_RESULTS_DIR: `npm run bench -- --quick` keeps its trial figures out of the records (bench/results/tmp/).
  const dir = process.env.BENCH_RESULTS_DIR ?? path.join(REPO, "bench/results");
  mkdirSync(dir, { recursive: true });
  const jsonFile = path.join(dir, `${kind}-${record.machine.date.replace(/[:.]/g, "-")}.json`);
  writeFileSync(jsonFile, JSON.stringify(record, null, 1) + "\n");
  const md = render(record, path.relative(REPO, jsonFile));
  writeFileSync(path.join(dir, `${kind}.md`), md);
  if (!process.env.BENCH_RESULTS_DIR) return { record, md, jsonFile };
  process.stderr.write(`(trial run: ${path.relative(REPO, jsonFile)})\n`);
  return { record, md, jsonFile };
}
