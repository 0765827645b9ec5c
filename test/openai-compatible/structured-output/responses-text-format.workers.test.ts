import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const schema = {
  type: "object",
  properties: { term: { type: "string" }, meaning: { type: "string" } },
  required: ["term", "meaning"],
  additionalProperties: false,
};
const format = { type: "json_schema" as const, name: "definition", schema, strict: true };
const answer = '{"term":"limit","meaning":"the value a function approaches"}';

describe("Responses API text.format", () => {
  it("json_schema: output_text is the JSON, the response echoes the format, and the last upstream call carried the schema", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] },
      { text: "A limit is the value a function approaches." },
      { text: answer },
    ]);
    const response = await agentClient().responses.create({ model: "study-agent", input: `${marker} Define a limit.`, text: { format } });
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe(answer);
    expect(response.text?.format).toEqual(format);
    // The agent's tool call is still shown as an mcp_call item; the one message is the JSON.
    expect(response.output.map((i) => i.type)).toEqual(["mcp_call", "message"]);
    const seen = (await requests(key)).requests;
    expect(seen[2]!.body.response_format).toEqual({ type: "json_schema", json_schema: { name: "definition", schema, strict: true } });
  });

  it("streamed with responses.stream: every text snapshot is a prefix of the JSON, and the parsed output is the object", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "A limit is where a function heads." }, { text: answer, pieces: 5 }]);
    const stream = agentClient().responses.stream({ model: "study-agent", input: `${marker} Define a limit.`, text: { format } });
    const snapshots: string[] = [];
    stream.on("response.output_text.delta", (e) => snapshots.push(e.snapshot));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe(answer);
    expect(final.output_parsed).toEqual(JSON.parse(answer));
    expect(snapshots.every((s) => answer.startsWith(s))).toBe(true);
    expect(snapshots.at(-1)).toBe(answer);
  });

  it("a schema that cannot be used is a 400 naming text.format.schema", async () => {
    const bad = await agentClient()
      .responses.create({ model: "study-agent", input: "hi", text: { format: { ...format, schema: { type: "object", required: "term" } } } })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect((bad as InstanceType<typeof OpenAI.BadRequestError>).param).toBe("text.format.schema");
  });
});
