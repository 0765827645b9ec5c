// A response's `instructions` is the request's `instructions` field, as OpenAI's: system and developer input
// items are guidance for the model as well, but the response does not claim them as its instructions.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

const system = (messages: Array<{ role: string; content?: unknown }>) => String(messages.find((m) => m.role === "system")?.content ?? "");

describe("/v1/responses: the response's instructions", () => {
  it("are the request's instructions only; the model is given the developer items too", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Bonjour." }, { text: "Salut." }]);
    const client = agentClient();
    const input = [
      { role: "developer" as const, content: "Answer in French." },
      { role: "user" as const, content: `${marker} hi` },
    ];
    const briefed = await client.responses.create({ model: "study-agent", instructions: "Be brief.", input });
    expect(briefed.instructions).toBe("Be brief.");
    expect((await client.responses.retrieve(briefed.id)).instructions).toBe("Be brief.");
    const seen = system((await requests(key)).requests[0]!.messages);
    expect(seen).toContain("Be brief.");
    expect(seen).toContain("Answer in French.");

    const itemsOnly = await client.responses.create({ model: "study-agent", input });
    expect(itemsOnly.instructions).toBeNull();
    expect((await client.responses.retrieve(itemsOnly.id)).instructions).toBeNull();
    expect(system((await requests(key)).requests[1]!.messages)).toContain("Answer in French.");
  });
});
