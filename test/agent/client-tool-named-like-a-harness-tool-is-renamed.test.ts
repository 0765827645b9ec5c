// A client tool named like a tool the harness adds after the client's (tool_search, once tools are deferred;
// react's think and finish; any MCP tool a server may add) is offered as `client__<name>`, as one named like a
// tool the run already holds is. It kept its name: it then took tool_search's place, so the deferred tools
// could no longer be found, and react's finish silently replaced it.
import { describe, expect, it } from "vitest";
import { addClientTools, ToolRegistry, type ClientToolSpec } from "../../src/agent";
import { withThinkFinish } from "../../src/agent/paradigms/react";
import { LoopHarness } from "../support/loop-harness";
import { mcpStubs, stubTool } from "../support/tool-stubs";

const h = new LoopHarness();

const spec = (name: string): ClientToolSpec => ({ name, description: `The client's ${name}.`, parameters: { type: "object" } });

describe("a client tool named like a harness tool", () => {
  it("is renamed, each of the harness's names and an MCP tool's", () => {
    const names = addClientTools(
      new ToolRegistry([stubTool("calc", "adds", false)]),
      ["tool_search", "think", "finish", "task", "mcp__s__t3", "lookup"].map(spec),
    );
    expect(Object.fromEntries(names)).toEqual({
      tool_search: "client__tool_search",
      think: "client__think",
      finish: "client__finish",
      task: "client__task",
      mcp__s__t3: "client__mcp__s__t3",
      lookup: "lookup",
    });
  });

  it("leaves tool_search the agent's: the deferred tools are still found, and the client's is offered beside it", async () => {
    const tools = new ToolRegistry([stubTool("calc", "adds", false), ...mcpStubs(10)], 60_000, 4);
    addClientTools(tools, [spec("tool_search")]);
    const run = await h.run([{ toolCalls: [{ name: "tool_search", args: { query: "number 7" } }] }, { text: "done" }], { tools });
    const [first] = h.model.requests(run.key);
    expect(first!.tools.map((t) => t.name)).toEqual(["calc", "client__tool_search", "tool_search"]);
    expect(first!.tools.find((t) => t.name === "tool_search")!.description).not.toBe("The client's tool_search.");
    expect(run.result.status).toBe("completed");
    expect(run.messages.find((m) => m.role === "tool" && m.name === "tool_search")?.content).toContain("- mcp__s__t7:");
  });

  it("keeps react's finish from replacing the client's: a call of it is handed to the client", async () => {
    const tools = new ToolRegistry([stubTool("calc", "adds", false)]);
    addClientTools(tools, [spec("finish")]);
    const run = await h.run([{ toolCalls: [{ name: "client__finish", args: {} }] }], { tools: withThinkFinish(tools) });
    expect(h.model.requests(run.key)[0]!.tools.map((t) => t.name)).toEqual(["calc", "client__finish", "think", "finish"]);
    expect(run.result).toMatchObject({ status: "awaiting_client_tools", clientCalls: [{ name: "finish" }] });
  });
});
