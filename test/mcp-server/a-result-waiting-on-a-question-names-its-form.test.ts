// The Worker's MCP server answers a client that cannot elicit with the run paused on an upstream server's
// question: the result names the question, its form's fields and the route to post the answer to, in the
// text (what many hosts show the model) and whole, form schema too, in structuredContent.
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { runResult } from "../../src/mcp-server/run-result";
import type { RunView } from "../../src/session/runs/run-views";

const requestedSchema = {
  type: "object",
  properties: { name: { type: "string", title: "Full name" }, check: { type: "boolean" } },
  required: ["name"],
};
const question = { inputId: "inp_91c2", server: "ev", message: "Please provide inputs for the following fields:", requestedSchema };
const run = { runId: "run_1", status: "awaiting_input", output: "", usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } } as unknown as RunView;

describe("a study/ask result whose run waits on a question", () => {
  it("names the question's fields and where to answer, in its text and its structuredContent", async () => {
    const result = await runResult({ sessionId: "s1", started: false, run, saved: [], question }, {} as Env, "https://agent.test");
    const url = "https://agent.test/v1/sessions/s1/inputs/inp_91c2";
    expect((result.content[0] as { text: string }).text).toContain(
      `ev's question ("Please provide inputs for the following fields:"), a form with the fields name* (Full name), check (* required): POST ${url} with`,
    );
    expect(result.structuredContent).toMatchObject({ status: "awaiting_input", question: { ...question, url } });
  });
});
