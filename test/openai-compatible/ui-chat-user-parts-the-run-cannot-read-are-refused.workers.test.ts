// The parts of a user message on /v1/ui/chat: a part the run would not read (reasoning, a tool call, a
// provider's custom content, a type the route does not know, a text that is not a string) is a 400 naming its
// path and type, before any model call; the parts the AI SDK keeps for the page (step-start, data-*, sources)
// are passed over, and the text beside them is the run's input.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { sendUIChat, textOf, type UIPart } from "../support/ui-chat-send";
import { call, uniqueId } from "../support/worker-http";

async function post(marker: string, parts: unknown[]) {
  const id = uniqueId("ui-user-parts");
  const messages = [{ id: "u1", role: "user", parts: [{ type: "text", text: `${marker} Hello` }, ...parts] }];
  return call("/v1/ui/chat", { method: "POST", json: { id, messages } });
}

describe("a user message's parts on /v1/ui/chat", () => {
  it.each([
    ["reasoning", { type: "reasoning", text: "I think the user wants…" }],
    ["dynamic-tool", { type: "dynamic-tool", toolName: "calculate", toolCallId: "c1", state: "output-available", input: {}, output: "2" }],
    ["tool-get_weather", { type: "tool-get_weather", toolCallId: "c2", state: "input-available", input: { city: "Paris" } }],
    ["custom", { type: "custom", kind: "acme.note" }],
    ["audio", { type: "audio", url: "data:audio/wav;base64,UklGRg==" }],
  ])("a %s part: 400 naming its path and type, no model call", async (type, part) => {
    const key = uniqueId("ui-user-parts-refused");
    const marker = await script(key, [{ text: "should not be asked" }]);
    const res = await post(marker, [part]);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain(`messages[0].parts[1].type "${type}" is not read in a user message`);
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("a text part whose text is not a string: 400 naming it", async () => {
    const res = await call("/v1/ui/chat", {
      method: "POST",
      json: { id: uniqueId("ui-user-parts-text"), messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: { value: "hi" } }] }] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("messages[0].parts[0].text must be a string");
  });

  it("passes over the AI SDK's step-start, data-* and source parts: the text is the input", async () => {
    const key = uniqueId("ui-user-parts-passed-over");
    const marker = await script(key, [{ text: "Hi there." }]);
    const parts: UIPart[] = [
      { type: "text", text: `${marker} Hello` },
      { type: "step-start" },
      { type: "data-mood", id: "m1", data: { mood: "curious" } },
      { type: "source-url", sourceId: "s1", url: "https://example.com/limits" },
      { type: "source-document", sourceId: "s2", mediaType: "application/pdf", title: "Limits" },
    ];
    expect(textOf(await sendUIChat(uniqueId("ui-user-parts"), [{ id: "u1", role: "user", parts }]))).toBe("Hi there.");
    const seen = (await requests(key)).requests[0]!.messages.filter((m) => m.role === "user").map((m) => m.content);
    expect(seen).toEqual([`${marker} Hello`]);
  });
});
