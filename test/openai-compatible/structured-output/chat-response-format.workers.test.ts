import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const schema = {
  type: "object",
  properties: { topic: { type: "string" }, minutes: { type: "integer" } },
  required: ["topic", "minutes"],
  additionalProperties: false,
};
const responseFormat = { type: "json_schema" as const, json_schema: { name: "study_plan", schema, strict: true } };
const answer = '{"topic":"limits","minutes":25}';

describe("Chat Completions response_format: the agent works with its tools, then a last call with the schema writes the answer", () => {
  it("json_schema: the content is exactly the JSON; the last upstream call carried the schema and no tools", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "5*5" } }] },
      { text: "Study limits for 25 minutes." },
      { text: answer },
    ]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Plan my study session.` }],
      response_format: responseFormat,
    });
    expect(reply.choices[0]!.message.content).toBe(answer);
    expect(reply.choices[0]!.finish_reason).toBe("stop");

    const seen = (await requests(key)).requests;
    expect(seen).toHaveLength(3);
    // The working calls keep the agent's tools and no format; the last has the format and no tools.
    expect(seen[0]!.body.response_format).toBeUndefined();
    expect(seen[0]!.tools?.length).toBeGreaterThan(0);
    expect(seen[2]!.body.response_format).toEqual({ type: "json_schema", json_schema: { name: "study_plan", schema, strict: true } });
    expect(seen[2]!.tools).toBeUndefined();
    // It reads the agent's own answer before it writes the JSON.
    expect(seen[2]!.messages.map((m) => m.content)).toContain("Study limits for 25 minutes.");
  });

  it("streamed: the content is the checked JSON alone, without the progress lines of the agent's tools", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { toolCalls: [{ name: "calculate", args: { expression: "5*5" } }], text: "Let me work it out." },
      { text: "25 minutes on limits." },
      { text: answer, pieces: 4 },
    ]);
    const stream = await agentClient().chat.completions.create({
      model: "study-agent",
      stream: true,
      messages: [{ role: "user", content: `${marker} Plan my study session.` }],
      response_format: responseFormat,
    });
    let content = "";
    let finish: string | null = null;
    for await (const chunk of stream) {
      content += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(content).toBe(answer);
    expect(finish).toBe("stop");
  });

  it("json_object: any JSON object passes, and the request says json_object upstream", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "It is 4." }, { text: '{"answer": 4}' }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} 2+2 as JSON` }],
      response_format: { type: "json_object" },
    });
    expect(JSON.parse(reply.choices[0]!.message.content!)).toEqual({ answer: 4 });
    expect((await requests(key)).requests[1]!.body.response_format).toEqual({ type: "json_object" });
  });

  it("text is plain text, as without a format", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Hello." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} hi` }],
      response_format: { type: "text" },
    });
    expect(reply.choices[0]!.message.content).toBe("Hello.");
  });

  it("a schema that cannot be used is a 400 naming where it is", async () => {
    const bad = await agentClient()
      .chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: "hi" }],
        response_format: { type: "json_schema", json_schema: { name: "x", schema: { type: "object", properties: { a: { type: "strng" } } } } },
      })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect((bad as InstanceType<typeof OpenAI.BadRequestError>).param).toBe("response_format.json_schema.schema");
    expect((bad as Error).message).toMatch(/properties\.a\.type/);

    const unresolved = await agentClient()
      .chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: "hi" }],
        response_format: { type: "json_schema", json_schema: { name: "x", schema: { $ref: "#/$defs/missing" } } },
      })
      .catch((e: unknown) => e);
    expect((unresolved as InstanceType<typeof OpenAI.BadRequestError>).param).toBe("response_format.json_schema.schema");

    const noName = await agentClient()
      .chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: "hi" }],
        response_format: { type: "json_schema", json_schema: { schema } } as never,
      })
      .catch((e: unknown) => e);
    expect((noName as InstanceType<typeof OpenAI.BadRequestError>).param).toBe("response_format.json_schema.name");
  });
});
