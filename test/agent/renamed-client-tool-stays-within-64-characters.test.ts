// A client tool renamed on a clash stays within the model APIs' 64 characters: `client__<name>` is cut and
// given a hash of the client's name, as an MCP tool's name is (src/agent/tool-names.ts). It was `client__`
// plus a 64-character name, which OpenAI refuses, so the run failed at its first model call.
import { describe, expect, it } from "vitest";
import { addClientTools, ToolRegistry, type ClientToolSpec } from "../../src/agent";
import { stubTool } from "../support/tool-stubs";

const spec = (name: string): ClientToolSpec => ({ name, description: "", parameters: { type: "object" } });
const VALID = /^[A-Za-z0-9_-]{1,64}$/;

describe("a renamed client tool", () => {
  it("has a valid name of at most 64 characters, distinct for names alike in their first characters, the same every run", () => {
    const long = (end: string) => `lookup_${"a".repeat(56)}${end}`;
    const agentTools = () => new ToolRegistry([stubTool(long("1"), "The agent's.", false), stubTool(long("2"), "The agent's too.", false)]);
    const renamed = addClientTools(agentTools(), [spec(long("1")), spec(long("2"))]);
    const names = [...renamed.values()];
    for (const name of names) expect(name).toMatch(VALID);
    expect(names.every((n) => n.startsWith("client__lookup_"))).toBe(true);
    expect(new Set(names).size).toBe(2);
    expect(addClientTools(agentTools(), [spec(long("1")), spec(long("2"))])).toEqual(renamed);
  });

  it("keeps the plain client__<name> when it fits", () => {
    expect(addClientTools(new ToolRegistry([stubTool("calculate", "", false)]), [spec("calculate")]).get("calculate")).toBe("client__calculate");
  });
});
