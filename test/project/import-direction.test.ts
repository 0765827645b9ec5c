// Imports point inward (docs/architecture.md): the core in src/agent imports nothing outside itself
// but the openai and zod packages, everything else uses only the core's public surface (src/agent/index.ts),
// the built-in tools never reach up into sessions, routes or channels, courses reach the chats only through
// src/delivery, the session never imports learning (grading comes in as a run recipe), the platforms never
// import the channels (their routes reach a chat through a door), the HTTP kit imports only src/lib,
// only the composition roots import src/config.ts, src/env.ts imports no Durable Object class (no type
// cycle), and no two top-level folders of src import each other, directly or around a cycle.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths";

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

/** The node of the folder graph a source file belongs to: its top-level folder of src, or itself when directly in src. */
function folderOf(path: string): string | undefined {
  const parts = path.replace(/\.(ts|tsx|js|mjs)$/, "").split("/");
  if (parts[0] !== "src" || parts.length < 2) return undefined;
  return parts.slice(0, 2).join("/");
}

/** Edges between the folders of src, each with the imports behind it. */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles("src")) {
    const from = folderOf(file)!;
    for (const spec of importsOf(readFileSync(join(ROOT, file), "utf8"))) {
      const to = spec.startsWith(".") ? folderOf(target(file, spec)) : undefined;
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges.set(to, [...(edges.get(to) ?? []), `${file} imports ${spec}`]));
    }
  }
  return graph;
}

/** The cycles of a directed graph, one per strongly connected component of more than one node, as a closed path. */
export function findCycles(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  const next = (n: string) => [...(graph.get(n) ?? [])];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (n: string) => {
    index.set(n, index.size);
    low.set(n, index.get(n)!);
    stack.push(n);
    for (const m of next(n)) {
      if (!index.has(m)) visit(m);
      if (stack.includes(m)) low.set(n, Math.min(low.get(n)!, low.get(m)!));
    }
    if (low.get(n) === index.get(n)) {
      const component = stack.splice(stack.indexOf(n));
      if (component.length > 1) components.push(component);
    }
  };
  for (const n of graph.keys()) if (!index.has(n)) visit(n);
  // A closed path through each component: from its first node, following edges inside it back home.
  return components.map((component) => {
    const inside = new Set(component);
    const start = component[0]!;
    const path = [start];
    const seen = new Set<string>();
    const walk = (n: string): boolean => {
      for (const m of next(n).filter((x) => inside.has(x))) {
        if (m === start) return true;
        if (seen.has(m)) continue;
        seen.add(m);
        path.push(m);
        if (walk(m)) return true;
        path.pop();
      }
      return false;
    };
    walk(start);
    return [...path, start];
  });
}

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

  it("finds a cycle between folders, and passes a graph without one (the detector below can fail)", () => {
    const acyclic = new Map([
      ["src/http", ["src/session", "src/lib"]],
      ["src/session", ["src/agent", "src/lib"]],
      ["src/agent", []],
      ["src/lib", []],
    ]);
    expect(findCycles(acyclic)).toEqual([]);
    const cyclic = new Map([...acyclic, ["src/agent", ["src/http"]], ["src/courses", ["src/delivery"]], ["src/delivery", ["src/courses"]]]);
    const cycles = findCycles(cyclic);
    expect(cycles).toHaveLength(2);
    expect(cycles.map((c) => [...new Set(c)].sort())).toEqual(
      expect.arrayContaining([
        ["src/agent", "src/http", "src/session"],
        ["src/courses", "src/delivery"],
      ]),
    );
    for (const cycle of cycles) {
      expect(cycle[0]).toBe(cycle.at(-1));
      for (let i = 1; i < cycle.length; i++) expect(cyclic.get(cycle[i - 1]!)).toContain(cycle[i]);
    }
  });

  it("no folder of src (nor a file directly in it) imports itself back around a cycle", () => {
    const graph = folderGraph();
    expect([...graph.keys()]).toEqual(expect.arrayContaining(["src/session", "src/http", "src/config", "src/index"]));
    const cycles = findCycles(new Map([...graph].map(([from, edges]) => [from, [...edges.keys()]])));
    const explained = cycles.map((cycle) => cycle.slice(1).map((to, i) => `${cycle[i]} -> ${to}: ${graph.get(cycle[i]!)!.get(to)![0]}`));
    expect(explained).toEqual([]);
  });

  it("src/session imports nothing of src/learning: a grading run is a recipe learning passes in", () => {
    expect(violations("src/session", (t) => !(t === "src/learning" || t.startsWith("src/learning/")))).toEqual([]);
  });

  it("src/platforms imports nothing of src/channels: a platform's routes reach a chat through the door they are given", () => {
    expect(violations("src/platforms", (t) => !(t === "src/channels" || t.startsWith("src/channels/")))).toEqual([]);
  });

  it("src/http-kit imports only src/lib (and the env type, which imports nothing), hono and zod", () => {
    const bad = violations("src/http-kit", (t, spec) =>
      spec.startsWith(".") ? t.startsWith("src/http-kit/") || t.startsWith("src/lib/") || t === "src/env" : ["hono", "zod"].some((p) => isPackage(spec, p)),
    );
    expect(bad).toEqual([]);
  });

  it("only the composition roots (src/index.ts, src/http/app.ts) import src/config.ts; features read their own settings", () => {
    const importers = sourceFiles("src").filter((file) =>
      importsOf(readFileSync(join(ROOT, file), "utf8")).some((spec) => target(file, spec) === "src/config"),
    );
    expect(importers.sort()).toEqual(["src/http/app.ts", "src/index.ts"]);
  });

  it("src/courses imports nothing of src/channels: courses deliver through src/delivery", () => {
    const bad = violations("src/courses", (t) => !(t === "src/channels" || t.startsWith("src/channels/")));
    expect(bad).toEqual([]);
  });

  it("everything outside src/agent (sessions, routes, tools, channels…) imports the core only through its public surface, src/agent/index.ts", () => {
    const outside = sourceFiles("src").filter((f) => !f.startsWith("src/agent/"));
    const bad = outside.flatMap((file) =>
      importsOf(readFileSync(join(ROOT, file), "utf8"))
        .filter((spec) => target(file, spec).startsWith("src/agent/") && target(file, spec) !== "src/agent/index")
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(outside).toEqual(expect.arrayContaining(["src/session/session-object.ts", "src/http/app.ts", "src/tools/index.ts"]));
    expect(bad).toEqual([]);
  });

  it("src/env.ts imports nothing, so no Durable Object class it types imports it back (Env is generated by wrangler types)", () => {
    expect(importsOf(readFileSync(join(ROOT, "src/env.ts"), "utf8"))).toEqual([]);
  });
});
