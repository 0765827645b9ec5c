// The catalogue PERMISSIONS rules are checked against (KNOWN_TOOLS) names every tool a real run offers the
// model, with the same argument names: a tool added without it would have its rules refused, one renamed
// would leave rules for its old name accepted.
import { describe, expect, it } from "vitest";
import { signatureParameters } from "../../src/agent";
import { KNOWN_TOOLS } from "../../src/tools";
import { requests, script } from "../support/model-control";
import { call, uniqueId } from "../support/worker-http";

const argumentNames = (parameters: unknown) => Object.keys((parameters as { properties?: object }).properties ?? {}).sort();

describe("the known tools are the tools a run offers", () => {
  it("lists every tool of a run, each with the arguments the model is offered", async () => {
    const key = uniqueId("offered");
    const marker = await script(key, [{ text: "Hello." }]);
    const res = await call(`/v1/sessions/${uniqueId("offered")}/runs`, { method: "POST", json: { input: `${marker} hi` } });
    expect(res.status).toBe(200);
    const offered = (await requests(key)).requests[0]!.tools ?? [];
    expect(offered.length).toBeGreaterThan(5);
    const known = new Map(KNOWN_TOOLS.map((t) => [t.name, argumentNames(signatureParameters(t))]));
    // MCP tools are known only at run time (their rules are checked for shape): not in the catalogue.
    for (const { function: f } of offered.filter((t) => !t.function.name.startsWith("mcp__")))
      expect([f.name, known.get(f.name)]).toEqual([f.name, argumentNames(f.parameters)]);
  });
});
