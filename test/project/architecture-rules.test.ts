// The rules of docs/architecture.md that no other test checks: shared helpers are leaves, the core's
// event union is the loop's, every status change goes through the run lifecycle, every Durable Object
// runs its migration list and is located by name. (Import direction: import-direction.test.ts; the
// documented events and errors: api-events-documented.test.ts, api-errors-documented.test.ts.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOOP_EVENTS } from "../../src/agent/events";
import { EVENT_TYPES } from "../../src/session/trace/event-catalogue";
import { ROOT } from "../support/paths";

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : e.name.endsWith(".ts") ? [`${dir}/${e.name}`] : [],
  );
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const SRC = sourceFiles("src");

describe("the architecture's rules", () => {
  it("src/lib imports nothing of ours: only its own files and packages", () => {
    const lib = SRC.filter((f) => f.startsWith("src/lib/"));
    expect(lib).toContain("src/lib/error-codes.ts");
    const outward = /(?:from\s*|import\(\s*)["'](\.\.\/[^"']*)["']/g;
    const bad = lib.flatMap((f) => [...read(f).matchAll(outward)].map((m) => `${f} imports ${m[1]}`));
    expect(bad).toEqual([]);
  });

  it("the core's event union is the loop's: product events are declared outside src/agent", () => {
    const loop = Object.keys(LOOP_EVENTS);
    const product: string[] = EVENT_TYPES.filter((t) => !loop.includes(t));
    expect(product).toEqual(
      expect.arrayContaining(["run.started", "approval.required", "input.required", "document.saved", "mcp.authorization_required", "webhook.attempt"]),
    );
    const core = SRC.filter((f) => f.startsWith("src/agent/"));
    const emitted = core.flatMap((f) =>
      [...read(f).matchAll(/type: "([a-z_]+\.[a-z_]+)"/g)]
        .map((m) => m[1]!)
        .filter((t) => product.includes(t))
        .map((t) => `${f}: ${t}`),
    );
    expect(emitted).toEqual([]);
  });

  it("a run's status changes only in src/session/runs/run-lifecycle.ts", () => {
    const callers = SRC.filter((f) => /\.runs\.move\(/.test(read(f)));
    expect(callers).toEqual(["src/session/runs/run-lifecycle.ts"]);
    // No other statement of the store sets a status (its WHERE may read one).
    expect(read("src/session/runs/run-store.ts").match(/UPDATE runs SET ((?!WHERE)[^"`])*\bstatus = /g)).toEqual(null);
  });

  it("every Durable Object runs its migration list and is located by name", () => {
    const objects = SRC.filter((f) => /extends DurableObject\b/.test(read(f)));
    expect(objects.length).toBeGreaterThanOrEqual(6);
    // A baseline (the latest schema in one step for a fresh storage) may follow the list.
    for (const f of objects) expect(read(f), f).toMatch(/\bmigrate\((this\.)?ctx\.storage, [A-Z_]+_MIGRATIONS(, [A-Z_]+_BASELINE)?\)/);
    expect(SRC.filter((f) => /\.(idFromName|newUniqueId|idFromString)\(/.test(read(f)))).toEqual([]);
  });

  it("Durable Object commands answer one outcome shape: no `reused` or `{error}` answers", () => {
    expect(SRC.filter((f) => /reused: true|"reused" in|"error" in outcome/.test(read(f)))).toEqual([]);
  });
});
