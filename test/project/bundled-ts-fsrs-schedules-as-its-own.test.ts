// patches/ts-fsrs+5.4.2.patch cuts from ts-fsrs's ES module (the one the Worker bundles) what the review
// schedule never runs: the short-term scheduler (src/learning/review-schedule.ts turns enable_short_term
// off), rollback, forget and reschedule. This holds the Worker to that use, requires the patched module to
// schedule long walks of reviews exactly as the pristine one (ts-fsrs's CommonJS build, which the patch
// leaves alone) does, and each cut part to throw saying it is not bundled.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as patched from "ts-fsrs";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/paths";

const pristine = createRequire(import.meta.url)(join(ROOT, "node_modules/ts-fsrs/dist/index.cjs")) as typeof patched;
const NOT_BUNDLED = "is not bundled in the Worker: StudyAgent Edge leaves it out of ts-fsrs";
/** Messages only the cut code holds. */
const CUT_CODE = ["reschedule: state is required for manual rating", "Cannot rollback a manual rating"];

const dir = mkdtempSync(join(tmpdir(), "ts-fsrs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A deterministic walk of reviews: grades and gaps from a small linear congruential generator. */
function walk(lib: typeof patched, params: Partial<patched.FSRSParameters>, seed: number, steps: number) {
  const scheduler = lib.fsrs(lib.generatorParameters(params));
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  let now = new Date(Date.UTC(2026, 0, 1, 9));
  let card = lib.createEmptyCard(now);
  const cards: unknown[] = [];
  for (let i = 0; i < steps; i++) {
    const grade = ((next() % 4) + 1) as patched.Grade;
    const preview = scheduler.repeat(card, now);
    card = scheduler.next(card, now, grade).card;
    cards.push(card, preview[grade].card);
    now = new Date(now.getTime() + (next() % 40) * 86_400_000 + (next() % 1440) * 60_000);
  }
  return cards;
}

describe("ts-fsrs, patched for the Worker", () => {
  it("is used by the Worker only as review-schedule.ts uses it: next() of a long-term scheduler", () => {
    const importers = readdirSync(join(ROOT, "src"), { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && readFileSync(join(ROOT, "src", f), "utf8").includes('from "ts-fsrs"'),
    );
    expect(importers).toEqual(["learning/review-schedule.ts"]);
    const source = readFileSync(join(ROOT, "src/learning/review-schedule.ts"), "utf8");
    expect(source).toContain("const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));");
    expect(source.match(/\bfsrs\(/g)).toHaveLength(1);
    expect(new Set([...source.matchAll(/\bscheduler\.(\w+)/g)].map((m) => m[1]))).toEqual(new Set(["next"]));
  });

  it("schedules every walk of reviews as the pristine ts-fsrs does", () => {
    // Two modules are compared, not one twice.
    expect(() => new pristine.FSRS({}).forget(pristine.createEmptyCard(), new Date())).not.toThrow();
    expect(() => new patched.FSRS({}).forget(patched.createEmptyCard(), new Date())).toThrow(NOT_BUNDLED);
    const configs: Partial<patched.FSRSParameters>[] = [
      { enable_short_term: false, enable_fuzz: false },
      { enable_short_term: false, enable_fuzz: true },
      { enable_short_term: false, enable_fuzz: false, request_retention: 0.8, maximum_interval: 365 },
    ];
    for (const config of configs)
      for (let seed = 1; seed <= 20; seed++)
        expect(walk(patched, config, seed, 60), `${JSON.stringify(config)} seed ${seed}`).toEqual(walk(pristine, config, seed, 60));
  });

  it.each([
    ["the short-term scheduler", () => patched.fsrs().next(patched.createEmptyCard(), new Date(), patched.Rating.Good), /short-term scheduler/],
    ["rollback", () => patched.fsrs({ enable_short_term: false }).rollback(patched.createEmptyCard(), {} as patched.ReviewLog), /FSRS\.rollback/],
    ["forget", () => patched.fsrs({ enable_short_term: false }).forget(patched.createEmptyCard(), new Date()), /FSRS\.forget/],
    ["reschedule", () => patched.fsrs({ enable_short_term: false }).reschedule(patched.createEmptyCard(), []), /FSRS\.reschedule/],
  ])("%s, if ever reached, says it is not bundled", (_name, reach, what) => {
    expect(reach).toThrow(NOT_BUNDLED);
    expect(reach).toThrow(what);
  });

  it("is in the Worker bundle, without the code it cuts", () => {
    const out = join(dir, "worker");
    const r = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", out], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_HIDE_BANNER: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    const bundle = readFileSync(join(out, "index.js"), "utf8");
    expect(bundle.includes("leaves it out of ts-fsrs"), "the patch applied").toBe(true);
    for (const text of CUT_CODE) {
      expect(readFileSync(join(ROOT, "node_modules/ts-fsrs/dist/index.cjs"), "utf8"), text).toContain(text);
      expect(bundle.includes(text), text).toBe(false);
    }
  }, 120_000);
});
