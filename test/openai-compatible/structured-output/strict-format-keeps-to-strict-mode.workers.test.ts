// A format declared strict is held to OpenAI's strict-mode rules before anything runs, as a strict tool's
// schema is: OpenAI refuses such a schema, and here that refusal came after the whole agent run (its saved
// lessons and searches done), as a server failure. A strict schema that keeps the rules runs to its answer.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient, apiError } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

/** A property left out of `required`, and no additionalProperties: false. */
const loose = { type: "object", properties: { grade: { type: "integer" }, comment: { type: "string" } }, required: ["grade"] };
const strictOk = { type: "object", properties: { grade: { type: "integer" } }, required: ["grade"], additionalProperties: false };

describe("a strict structured-output format", () => {
  it("whose schema breaks strict mode is a 400 naming it on both wires, and no model is called", async () => {
    const key = uniqueId("strict-format");
    const marker = await script(key, [{ text: "never asked" }]);
    const chat = await apiError(
      agentClient().chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: `${marker} grade me` }],
        response_format: { type: "json_schema", json_schema: { name: "grade", strict: true, schema: loose } },
      }),
    );
    expect(chat).toBeInstanceOf(OpenAI.BadRequestError);
    expect(chat.param).toBe("response_format.json_schema.schema");
    expect(chat.message).toContain("additionalProperties: false");
    const responses = await apiError(
      agentClient().responses.create({
        model: "study-agent",
        input: `${marker} grade me`,
        text: { format: { type: "json_schema", name: "grade", strict: true, schema: { type: "array", items: {} } } },
      }),
    );
    expect(responses).toBeInstanceOf(OpenAI.BadRequestError);
    expect(responses.param).toBe("text.format.schema");
    expect(responses.message).toContain("the schema of a strict response format is an object schema");
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("whose schema keeps strict mode runs to its answer; without strict, a loose schema still does", async () => {
    for (const [strict, schema] of [
      [true, strictOk],
      [false, loose],
    ] as const) {
      const marker = await script(uniqueId("strict-format-ok"), [{ text: "A 9." }, { text: '{"grade": 9}' }]);
      const answer = await agentClient().chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: `${marker} grade me` }],
        response_format: { type: "json_schema", json_schema: { name: "grade", strict, schema } },
      });
      expect(JSON.parse(answer.choices[0]!.message.content!)).toEqual({ grade: 9 });
    }
  });
});
