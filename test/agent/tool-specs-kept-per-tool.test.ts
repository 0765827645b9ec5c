// A run driven one step per invocation builds its tools again each time; their specs stay the same
// objects while a tool's parameters, name and description do (tools.ts), so the JSON and the token
// estimate derived from them are derived once. A tool whose description changed gets a spec of its own,
// and the request shows the new words.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { estimateToolsTokens } from "../../src/agent/context/tokens";
import { defineTool, ToolRegistry } from "../../src/agent/tools";
import { capturingModel } from "../support/capturing-model";

const INPUT = z.object({ expression: z.string().describe("What to work out") });
const tool = (description: string) => defineTool({ name: "calculate", description, input: INPUT, run: () => ({ status: "success", content: "4" }) });
const at = "2026-01-01T00:00:00.000Z";

describe("tool specs kept per tool", () => {
  it("are the same objects in two registries built from the same definitions", () => {
    const first = new ToolRegistry([tool("Evaluate arithmetic.")]).specs();
    const again = new ToolRegistry([tool("Evaluate arithmetic.")]).specs();
    expect(again[0]).toBe(first[0]);
  });

  it("stay apart for two tools of one schema", () => {
    const other = defineTool({ name: "estimate", description: "Estimate it.", input: INPUT, run: () => ({ status: "success", content: "" }) });
    const first = new ToolRegistry([tool("Evaluate arithmetic."), other]).specs();
    const again = new ToolRegistry([tool("Evaluate arithmetic."), other]).specs();
    expect(first.map((s) => s.name)).toEqual(["calculate", "estimate"]);
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
  });

  it("follow a changed description, in the spec and in the request", async () => {
    const { model, bodies } = capturingModel();
    const ask = (tools: ReturnType<ToolRegistry["specs"]>) =>
      model.complete({
        system: "",
        messages: [{ id: "u1", createdAt: at, role: "user", content: "2+2?" }],
        tools,
        stream: false,
        signal: new AbortController().signal,
      });
    await ask(new ToolRegistry([tool("Evaluate arithmetic.")]).specs());
    const changed = new ToolRegistry([tool("Evaluate arithmetic, exactly.")]).specs();
    expect(changed[0]!.description).toBe("Evaluate arithmetic, exactly.");
    await ask(changed);
    const described = bodies.map((b) => (b.tools as Array<{ function: { description: string } }>)[0]!.function.description);
    expect(described).toEqual(["Evaluate arithmetic.", "Evaluate arithmetic, exactly."]);
  });

  it("are estimated as the list's JSON, whichever array holds them", () => {
    const specs = new ToolRegistry([
      tool("Evaluate arithmetic."),
      defineTool({ name: "echo", description: "Echo it.", input: z.object({}), run: () => ({ status: "success", content: "" }) }),
    ]).specs();
    const expected = Math.ceil(JSON.stringify(specs).length / 4);
    expect(estimateToolsTokens(specs)).toBe(expected);
    expect(estimateToolsTokens([...specs])).toBe(expected);
    expect(estimateToolsTokens([])).toBe(0);
  });
});
