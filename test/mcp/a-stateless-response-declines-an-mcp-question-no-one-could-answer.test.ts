// An MCP server's question (elicitation) in a stateless Responses request (store: false) is declined at
// once: the request's session is deleted with its reply, so no answer could ever reach the question.
// The run goes on with the server's "declined", the response completes, and no input id is handed out
// (the run never waits on one). The Worker runs under `wrangler dev` with server-everything, whose
// trigger-elicitation-request tool asks for a form.
import { describe, expect, it } from "vitest";
import { workerWithEverything } from "../support/worker-with-everything";

const TOOL = "mcp__ev__trigger-elicitation-request";
const { model, url } = workerWithEverything();

describe("an MCP server's question in a store: false response", () => {
  it("is declined at once: the response completes and names no question to answer", async () => {
    const key = `stateless-${Date.now()}`;
    const marker = model.script(key, [{ toolCalls: [{ name: TOOL, args: {} }] }, { text: "Carried on without it." }]);
    const res = await fetch(`${url()}/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "study-agent", store: false, input: `${marker} ask me` }),
    });
    expect(res.status).toBe(200);
    const response = (await res.json()) as { status: string; incomplete_details: unknown; output_text?: string; output: Array<{ type: string }> };
    expect(response).toMatchObject({ status: "completed", incomplete_details: null });
    expect(JSON.stringify(response.output)).not.toMatch(/inp_/);
    // The server heard "decline" and told the model so; the model's answer is the response's.
    expect(String(model.requests(key)[1]?.messages.find((m) => m.role === "tool")?.content)).toContain("User declined");
    expect(JSON.stringify(response.output)).toContain("Carried on without it.");
  }, 60_000);
});
