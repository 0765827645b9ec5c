// `stop` is applied to the reply's text: cut before the first sequence, finish_reason "stop", streamed or not.
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { agentClient, apiError } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

describe("stop", () => {
  it("cuts the content before the first stop sequence, with finish_reason stop", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Step 1: read.\nEND\nStep 2: never shown." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [{ role: "user", content: `${marker} steps` }],
      stop: ["END", "STOP"],
    });
    expect(reply.choices[0]).toMatchObject({ message: { content: "Step 1: read.\n" }, finish_reason: "stop" });
  });

  it("a reply cut by a sequence that also calls the client's tool is tool_calls, streamed or not, so the client runs it", async () => {
    const tools = [{ type: "function" as const, function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } } }];
    for (const stream of [false, true]) {
      const marker = await script(uniqueId("k"), [{ text: "Let me check.\nCalling now", toolCalls: [{ name: "get_weather", args: { city: "Paris" } }] }]);
      const request = { model: "study-agent", messages: [{ role: "user" as const, content: `${marker} weather?` }], tools, stop: ["\n"] };
      let finish: string | null | undefined;
      let content = "";
      if (stream) {
        for await (const c of await agentClient().chat.completions.create({ ...request, stream: true })) {
          content += c.choices[0]?.delta.content ?? "";
          finish = c.choices[0]?.finish_reason ?? finish;
        }
      } else {
        const reply = await agentClient().chat.completions.create(request);
        finish = reply.choices[0]!.finish_reason;
        content = reply.choices[0]!.message.content ?? "";
        expect(reply.choices[0]!.message.tool_calls?.map((c) => c.type === "function" && c.function.name)).toEqual(["get_weather"]);
      }
      expect({ stream, finish, content }).toEqual({ stream, finish: "tool_calls", content: "Let me check." });
    }
  });

  it("streamed: a sequence split across chunks is still found, and nothing after it is sent", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "alpha beta ##DONE## gamma delta", pieces: 9 }]);
    const stream = await agentClient().chat.completions.create({
      model: "study-agent",
      stream: true,
      messages: [{ role: "user", content: `${marker} go` }],
      stop: "##DONE##",
    });
    let content = "";
    let finish: string | null = null;
    for await (const c of stream) {
      content += c.choices[0]?.delta.content ?? "";
      finish = c.choices[0]?.finish_reason ?? finish;
    }
    expect(content).toBe("alpha beta ");
    expect(finish).toBe("stop");
  });

  it("a text without the sequence is whole; stop cannot be combined with a JSON format; more than 4 sequences are refused", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "all of it", pieces: 3 }]);
    const whole = await agentClient().chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: `${marker} go` }], stop: ["zzz"] });
    expect(whole.choices[0]!.message.content).toBe("all of it");

    const withFormat = await apiError(
      agentClient().chat.completions.create({
        model: "study-agent",
        messages: [{ role: "user", content: "x" }],
        stop: "x",
        response_format: { type: "json_object" },
      }),
    );
    expect(withFormat).toMatchObject({ status: 400, code: "unsupported_parameter", param: "stop" });

    const five = await apiError(
      agentClient().chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: "x" }], stop: ["a", "b", "c", "d", "e"] }),
    );
    expect(five).toMatchObject({ status: 400, param: "stop" });
  });
});
