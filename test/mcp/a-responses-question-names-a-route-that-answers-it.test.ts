// End to end on POST /v1/responses (stored): a run paused on an MCP server's question (server-everything's
// trigger-elicitation-request form) answers `incomplete` (`awaiting_input`) with a message item naming the
// question, its fields and its route; GET /v1/responses/:id shows the same item; and the route it names, posted
// as it says, answers the question: the run goes on to complete with the answer in the tool's result. A
// continuation sent meanwhile (previous_response_id with new input) is no answer: it waits behind the question.
import { describe, expect, it } from "vitest";
import { workerWithEverything } from "../support/worker-with-everything";

const TOOL = "mcp__ev__trigger-elicitation-request";
const { model, url } = workerWithEverything();

type Item = { type: string; phase?: string; content?: Array<{ text: string }> };
type Body = { id: string; status: string; incomplete_details: unknown; output: Item[] };

const post = (path: string, json: unknown) =>
  fetch(`${url()}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) });

describe("a stored response paused on an MCP server's question", () => {
  it("names the question, its fields and the route, and that route answers it", async () => {
    const key = `resp-route-${Date.now()}`;
    const marker = model.script(key, [{ toolCalls: [{ name: TOOL, args: {} }] }, { text: "Thanks." }, { text: "Next." }]);
    const res = await post("/v1/responses", { model: "study-agent", input: `${marker} ask me` });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body).toMatchObject({ status: "incomplete", incomplete_details: { reason: "awaiting_input" } });
    const asked = body.output.at(-1)!;
    expect(asked).toMatchObject({ type: "message", phase: "commentary" });
    const text = asked.content![0]!.text;
    expect(text).toMatch(/^⏸️ ❓ ev: Please provide inputs for the following fields:\n📝 name\* \([^)]*\)/u);
    const route = /→ POST (\/v1\/sessions\/[^/]+\/inputs\/inp_\w+)$/.exec(text)?.[1];
    expect(route, text).toBeDefined();
    expect(route!.startsWith(`/v1/sessions/${res.headers.get("x-session-id")}/`)).toBe(true);
    const stored = (await (await fetch(`${url()}/v1/responses/${body.id}`)).json()) as Body;
    expect(stored.output.at(-1)).toEqual(asked);

    // A continuation sent meanwhile is no answer: it waits behind the question.
    const next = (await (
      await post("/v1/responses", { model: "study-agent", previous_response_id: body.id, input: "And then?", background: true })
    ).json()) as Body;
    await new Promise((r) => setTimeout(r, 300));
    expect(((await (await fetch(`${url()}/v1/responses/${next.id}`)).json()) as Body).status).toBe("queued");

    const answer = await post(route!, { action: "accept", content: { name: "Ada" } });
    expect(answer.status).toBe(200);
    let done: Body = stored;
    for (let i = 0; i < 100 && done.status !== "completed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await (await fetch(`${url()}/v1/responses/${body.id}`)).json()) as Body;
    }
    expect(done.status).toBe("completed");
    let after = next;
    for (let i = 0; i < 100 && after.status !== "completed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = (await (await fetch(`${url()}/v1/responses/${next.id}`)).json()) as Body;
    }
    expect(after.status).toBe("completed");
    expect(String(model.requests(key)[1]?.messages.find((m) => m.role === "tool")?.content)).toContain("Ada");
  }, 60_000);
});
