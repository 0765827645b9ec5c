// A structured-output schema is bounded in depth (JSON_SCHEMA_MAX_DEPTH, 128 levels of objects and arrays by
// default): one nested thousands deep (a few KB of JSON) is a 400 naming the field on both wires, where it was
// a stack overflow and a 500; a schema as deep as a real nested model still runs to its answer, and so does
// one at the limit's ceiling, which the schema check walks without running out of stack.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/config";
import { SCHEMA_DEPTH_CEILING } from "../../../src/lib/json-schema-validation";
import { runSettings } from "../../../src/session/runs/settings";
import { requests, script } from "../../support/model-control";
import { nullableObjectsSchema, schemaNestedTo } from "../../support/nested-schemas";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const refusal = (e: unknown) => {
  expect(e).toBeInstanceOf(OpenAI.BadRequestError);
  const err = e as InstanceType<typeof OpenAI.BadRequestError>;
  return { status: err.status, param: err.param, message: err.message };
};

const chatWithSchema = (content: string, schema: Record<string, unknown>, client = agentClient()) =>
  client.chat.completions.create({
    model: "study-agent",
    messages: [{ role: "user", content }],
    response_format: { type: "json_schema", json_schema: { name: "notes", schema } },
  });

describe("a structured-output schema nested past JSON_SCHEMA_MAX_DEPTH", () => {
  it("Chat Completions: a response_format schema 5,000 deep is a 400 naming response_format.json_schema.schema", async () => {
    const bad = refusal(await chatWithSchema("hi", schemaNestedTo(5_000)).catch((e: unknown) => e));
    expect(bad).toMatchObject({ status: 400, param: "response_format.json_schema.schema" });
    expect(bad.message).toContain("response_format.json_schema.schema is nested deeper than JSON_SCHEMA_MAX_DEPTH (128)");
  });

  it("Responses: a text.format schema 5,000 deep is a 400 naming text.format.schema", async () => {
    const bad = refusal(
      await agentClient()
        .responses.create({ model: "study-agent", input: "hi", text: { format: { type: "json_schema", name: "notes", schema: schemaNestedTo(5_000) } } })
        .catch((e: unknown) => e),
    );
    expect(bad).toMatchObject({ status: 400, param: "text.format.schema" });
    expect(bad.message).toContain("text.format.schema is nested deeper than JSON_SCHEMA_MAX_DEPTH (128)");
  });

  it("counts levels of objects and arrays: 128 is within the limit, 129 is refused before any run starts", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Noted." }, { text: "{}" }]);
    expect((await chatWithSchema(`${marker} Notes?`, schemaNestedTo(128))).choices[0]!.message.content).toBe("{}");
    expect(refusal(await chatWithSchema("hi", schemaNestedTo(129)).catch((e: unknown) => e))).toMatchObject({ status: 400 });
    expect((await requests(key)).requests).toHaveLength(2);
  });
});

describe("a legitimately deep schema still runs", () => {
  const schema = nullableObjectsSchema(20);
  const answer = '{"note":"limits","child":{"note":"epsilon-delta","child":null}}';

  it("Chat Completions: 20 nested nullable objects (79 levels of JSON) get their JSON answer, and the model got the schema", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Limits, then epsilon-delta." }, { text: answer }]);
    const reply = await chatWithSchema(`${marker} Outline limits.`, schema);
    expect(reply.choices[0]!.message.content).toBe(answer);
    expect((await requests(key)).requests.at(-1)!.body.response_format).toEqual({ type: "json_schema", json_schema: { name: "notes", schema } });
  });

  it("Responses: the same schema as text.format gets its JSON answer", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Limits, then epsilon-delta." }, { text: answer }]);
    const response = await agentClient().responses.create({
      model: "study-agent",
      input: `${marker} Outline limits.`,
      text: { format: { type: "json_schema", name: "notes", schema } },
    });
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe(answer);
  });

  it(`with the limit at its ceiling (${SCHEMA_DEPTH_CEILING}), a schema that deep is checked and run without running out of stack; past the ceiling the setting is refused`, async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Noted." }, { text: "{}" }]);
    const atCeiling = agentClient({ vars: { JSON_SCHEMA_MAX_DEPTH: String(SCHEMA_DEPTH_CEILING) } });
    expect((await chatWithSchema(`${marker} Notes?`, schemaNestedTo(SCHEMA_DEPTH_CEILING), atCeiling)).choices[0]!.message.content).toBe("{}");
    expect(() => runSettings({ JSON_SCHEMA_MAX_DEPTH: String(SCHEMA_DEPTH_CEILING + 1) })).toThrow(ConfigError);
  });
});
