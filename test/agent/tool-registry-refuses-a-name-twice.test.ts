// ToolRegistry.add refuses a name the registry already holds: it overwrote it, so a tool added later (react's
// finish after a client's `finish`) silently took the place of what the model was offered. A caller that
// rebuilds a tool on purpose (an MCP server's new tool list, load_skill with its prompts) says so with replace.
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../../src/agent";
import { stubTool } from "../support/tool-stubs";

describe("the tool registry", () => {
  it("refuses to add a name it holds, in add and in its constructor, and keeps the first", () => {
    const first = stubTool("lookup", "The first.", false);
    const registry = new ToolRegistry([first]);
    expect(() => registry.add(stubTool("lookup", "The second.", false))).toThrow("A tool named lookup is already registered.");
    expect(registry.get("lookup")).toBe(first);
    expect(() => new ToolRegistry([first, stubTool("lookup", "The second.", false)])).toThrow("lookup");
  });

  it("replaces a tool when asked to, and adds one it does not hold", () => {
    const registry = new ToolRegistry([stubTool("lookup", "The first.", false)]);
    registry.replace(stubTool("lookup", "The second.", false)).replace(stubTool("other", "Another.", false));
    expect(registry.specs().map((s) => [s.name, s.description])).toEqual([
      ["lookup", "The second."],
      ["other", "Another."],
    ]);
  });
});
