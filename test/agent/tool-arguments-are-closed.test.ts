// A tool's arguments are closed: a key its schema does not name is refused with an error result naming it,
// at any depth, and the tool does not run; the model is told so in every object of the JSON Schema it sees.
// zod's z.object dropped such keys without a word, so `calculate {expression, precision}` ran as if
// `precision` applied.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../../src/agent/tools";
import { KNOWN_TOOLS } from "../../src/tools/tool-catalogue";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

function recordingTool(calls: unknown[]) {
  return defineTool({
    name: "plan",
    description: "test tool",
    input: z.object({
      title: z.string(),
      items: z.array(z.object({ text: z.string(), done: z.boolean().optional() })),
      tags: z.record(z.string(), z.string()).optional(),
      extra: z.looseObject({ kind: z.string() }).optional(),
    }),
    run(args) {
      calls.push(args);
      return ok("planned");
    },
  });
}

/** Every object schema below `schema` that names its properties, with its path. */
function objectsOf(schema: Record<string, unknown>, path = "$"): Array<[string, Record<string, unknown>]> {
  const here: Array<[string, Record<string, unknown>]> = schema.properties ? [[path, schema]] : [];
  const props = Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>).flatMap(([k, s]) => objectsOf(s, `${path}.${k}`));
  const items = schema.items ? objectsOf(schema.items as Record<string, unknown>, `${path}[]`) : [];
  const branches = ["anyOf", "oneOf"].flatMap((k) => ((schema[k] ?? []) as Record<string, unknown>[]).flatMap((s, i) => objectsOf(s, `${path}|${i}`)));
  return [...here, ...props, ...items, ...branches];
}

describe("a tool's arguments are closed", () => {
  it.each([
    [{ title: "t", items: [], depth: 3 }, '"depth"'],
    [{ title: "t", items: [{ text: "a" }, { text: "b", priority: 1 }] }, '"items[1].priority"'],
    [{ title: "t", items: [], sort: "asc", limit: 2 }, '"sort", "limit"'],
  ])("refuses %j, naming %s, and does not run the tool", async (args, named) => {
    const calls: unknown[] = [];
    const { messages } = await h.run([{ toolCalls: [{ name: "plan", args }] }, { text: "fixed" }], { tools: [recordingTool(calls)] });
    const result = messages.find((m) => m.role === "tool")!;
    expect(result).toMatchObject({ status: "error" });
    expect(result.content).toContain("Invalid arguments for plan");
    expect(result.content).toContain(named);
    expect(calls).toEqual([]);
  });

  it("names a misspelt key beside the argument it then misses", () => {
    const v = recordingTool([]).validate({ titel: "t", items: [] });
    expect(v).toMatchObject({ ok: false });
    expect(!v.ok && v.error).toMatch(/Unrecognized key: "titel"[\s\S]*title/);
  });

  it("takes the keys a record or a loose object leaves open, and runs the tool", async () => {
    const calls: unknown[] = [];
    const args = { title: "t", items: [{ text: "a", done: true }], tags: { any: "key" }, extra: { kind: "k", more: 1 } };
    const { messages } = await h.run([{ toolCalls: [{ name: "plan", args }] }, { text: "done" }], { tools: [recordingTool(calls)] });
    expect(messages.find((m) => m.role === "tool")).toMatchObject({ status: "success" });
    expect(calls).toEqual([args]);
  });

  it("tells the model so in every object of every built-in, skill and harness tool's schema", () => {
    expect(KNOWN_TOOLS.length).toBeGreaterThan(8);
    for (const signature of KNOWN_TOOLS) {
      const { parameters } = defineTool({ name: signature.name, description: "", input: signature.input, run: () => ok("") });
      const objects = objectsOf(parameters);
      expect(objects.length, signature.name).toBeGreaterThan(0);
      for (const [path, schema] of objects) expect(schema.additionalProperties, `${signature.name} ${path}`).not.toBeUndefined();
    }
  });
});
