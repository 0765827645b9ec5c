// An answer that does not match the format gets one repair call, told what was wrong; a second failure
// ends the run output_invalid, an error on both wires, never prose passed off as the JSON.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const schema = { type: "object", properties: { grade: { type: "integer", minimum: 1, maximum: 5 } }, required: ["grade"] };
const response_format = { type: "json_schema" as const, json_schema: { name: "grade", schema } };
const text = { format: { type: "json_schema" as const, name: "grade", schema } };

describe("a final answer that does not match the format", () => {
  it("gets one repair call that says what was wrong, and the repaired JSON is the answer", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "I would give it a 4." }, { text: '{"grade": 9}' }, { text: '{"grade": 4}' }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} Grade my essay.` }],
      response_format,
    });
    expect(reply.choices[0]!.message.content).toBe('{"grade": 4}');
    const repair = (await requests(key)).requests[2]!;
    expect(repair.body.response_format).toMatchObject({ type: "json_schema" });
    // The model reads its invalid reply and what the check found.
    const said = repair.messages.map((m) => String(m.content));
    expect(said).toContain('{"grade": 9}');
    expect(said.at(-1)).toMatch(/grade: 9 is greater than 5/);
  });

  it("fails output_invalid after the repair: a 502 on Chat Completions, a failed response on the Responses API", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [
      { text: "A four." },
      { text: "Four." },
      { text: "Definitely four." },
      { text: "A four." },
      { text: "{not json" },
      { text: '{"grade": "four"}' },
    ]);
    const chat = await agentClient()
      .chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} Grade it.` }], response_format })
      .catch((e: unknown) => e);
    expect(chat).toBeInstanceOf(OpenAI.APIError);
    expect((chat as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
    expect((chat as InstanceType<typeof OpenAI.APIError>).code).toBe("output_invalid");
    expect((chat as Error).message).toMatch(/not JSON/);

    const response = await agentClient().responses.create({ model: "study-agent", input: `${marker} Grade it again.`, text });
    expect(response.status).toBe("failed");
    expect(response.error).toMatchObject({ code: "output_invalid" });
    expect(response.error!.message).toMatch(/grade: .*integer/i);
    expect(response.output_text).toBe("");
    expect((await requests(key)).remaining).toBe(0);
  });
});
