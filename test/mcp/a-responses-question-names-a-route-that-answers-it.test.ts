// End to end on POST /v1/responses (stored): a run paused on an MCP server's question (server-everything's
// trigger-elicitation-request form) answers `incomplete` (`awaiting_input`) with a message item naming the
// question, its fields and its route; GET /v1/responses/:id shows the same item; and the route it names, posted
// as it says, answers the question: the run goes on to complete with the answer in the tool's result. A
// continuation sent meanwhile (previous_response_id with new input) is no answer: it waits behind the question.
import { describe, expect, it } from "vitest";
import { waitFor } from "../support/wait-for";
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

    // A continuation sent meanwhile is no answer: it waits behind the question. Had it gone ahead, it would have
    // asked the model before the answered run did: the model's calls, in order, say it did not.
    const next = (await (
      await post("/v1/responses", { model: "study-agent", previous_response_id: body.id, input: "And then?", background: true })
    ).json()) as Body;
    expect(((await (await fetch(`${url()}/v1/responses/${next.id}`)).json()) as Body).status).toBe("queued");

    const answer = await post(route!, { action: "accept", content: { name: "Ada" } });
    expect(answer.status).toBe(200);
    const completed = (id: string) => async () => ((await (await fetch(`${url()}/v1/responses/${id}`)).json()) as Body).status === "completed";
    await waitFor(completed(body.id), "the answered response");
    await waitFor(completed(next.id), "the continuation");
    const calls = model.requests(key);
    expect(calls).toHaveLength(3);
    expect(String(calls[1]!.messages.find((m) => m.role === "tool")?.content)).toContain("Ada");
    expect(calls[2]!.messages.at(-1)).toMatchObject({ role: "user", content: "And then?" });
  }, 60_000);
});
