// previous_response_id naming an older response of a conversation continues from that response's context, as
// in OpenAI's API: a new session forked from the conversation through it. The named conversation is left as
// it was, so its latest response still continues it.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { call, uniqueId } from "../../support/worker-http";

const conversation = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

describe("/v1/responses: previous_response_id naming an older response", () => {
  it("branches from it into a new session; the original conversation goes on from its latest", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "A1" }, { text: "A2" }, { text: "A3" }, { text: "A4" }]);
    const client = agentClient();
    const first = await client.responses.create({ model: "study-agent", input: `${marker} Q1` }).withResponse();
    const second = await client.responses.create({ model: "study-agent", previous_response_id: first.data.id, input: "Q2" }).withResponse();
    expect(second.response.headers.get("x-session-id")).toBe(first.response.headers.get("x-session-id"));

    const branch = await client.responses.create({ model: "study-agent", previous_response_id: first.data.id, input: "Q3" }).withResponse();
    expect(branch.data).toMatchObject({ status: "completed", output_text: "A3", previous_response_id: first.data.id });
    const branchSession = branch.response.headers.get("x-session-id")!;
    expect(branchSession).not.toBe(first.response.headers.get("x-session-id"));
    expect(conversation((await requests(key)).requests[2]!.messages)).toEqual([
      ["user", `${marker} Q1`],
      ["assistant", "A1"],
      ["user", "Q3"],
    ]);
    const forked = (await (await call(`/v1/sessions/${branchSession}`)).json()) as { messages: Array<{ content: string }> };
    expect(forked.messages.map((m) => m.content)).toEqual([`${marker} Q1`, "A1", "Q3", "A3"]);

    // The original conversation is as it was: its latest response continues it, without the branch.
    const fourth = await client.responses.create({ model: "study-agent", previous_response_id: second.data.id, input: "Q4" }).withResponse();
    expect(fourth.response.headers.get("x-session-id")).toBe(first.response.headers.get("x-session-id"));
    expect(conversation((await requests(key)).requests[3]!.messages)).toEqual([
      ["user", `${marker} Q1`],
      ["assistant", "A1"],
      ["user", "Q2"],
      ["assistant", "A2"],
      ["user", "Q4"],
    ]);
  });
});
