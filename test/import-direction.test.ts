// Imports point inward (shared/ARCHITECTURE.md): the core in src/agent imports nothing outside itself
// but the openai and zod packages, the built-in tools never reach up into sessions, routes or channels, and
// courses reach the chats only through src/delivery (no courses ↔ channels cycle).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx|js|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Every module specifier a file imports or re-exports (static and dynamic), with the line it is on. */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  const re = /(?:^|[\s;])(?:import|export)\s[^"'`;]*?from\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
  for (const m of text.matchAll(re)) found.push((m[1] ?? m[2] ?? m[3])!);
  return found;
}

/** Where a relative specifier lands, as a path from the repository root; packages stay as they are. */
const target = (file: string, spec: string) => (spec.startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : spec);

function violations(dir: string, allowed: (target: string, spec: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(readFileSync(join(ROOT, file), "utf8"))
      .filter((spec) => !allowed(target(file, spec), spec))
      .map((spec) => `${file} imports ${spec}`),
  );
}

const AGENT_PACKAGES = ["openai", "zod"];
const isPackage = (spec: string, name: string) => spec === name || spec.startsWith(`${name}/`);

describe("import direction", () => {
  it("finds imports of every form, so the rules below can fail", () => {
    expect(importsOf(`import a from "./a";\nimport type { B } from "../b";\nexport { c } from "c";\nimport "d";\nconst e = await import("e");`)).toEqual([
      "./a",
      "../b",
      "c",
      "d",
      "e",
    ]);
  });

  it("src/agent imports only itself and the openai and zod packages", () => {
    const bad = violations("src/agent", (t, spec) =>
      spec.startsWith(".") ? t.startsWith("src/agent/") || t === "src/agent" : AGENT_PACKAGES.some((p) => isPackage(spec, p)),
    );
    expect(bad).toEqual([]);
  });

  it("src/tools imports nothing of src/session, src/http or src/channels", () => {
    const bad = violations("src/tools", (t) => !["src/session", "src/http", "src/channels"].some((d) => t === d || t.startsWith(`${d}/`)));
    expect(bad).toEqual([]);
  });

  it("src/courses imports nothing of src/channels: courses deliver through src/delivery", () => {
    const bad = violations("src/courses", (t) => !(t === "src/channels" || t.startsWith("src/channels/")));
    expect(bad).toEqual([]);
  });
});
