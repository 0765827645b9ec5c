// A client's system and developer messages are treated the same on both wires: added to the tutor's system
// prompt as the caller's guidance for that request, never replacing it.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { uniqueId } from "../support/worker-http";

/** The system prompt the agent's model was sent. */
async function systemSeen(key: string): Promise<string> {
  const [seen] = (await requests(key)).requests;
  expect(seen!.messages[0]!.role).toBe("system");
  return String(seen!.messages[0]!.content);
}

describe("system and developer messages from a client", () => {
  it("Chat Completions: added to the tutor's prompt as guidance", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Bonjour." }]);
    await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [
        { role: "system", content: "Answer in French." },
        { role: "developer", content: "One word only." },
        { role: "user", content: `${marker} Say hello.` },
      ],
    });
    const system = await systemSeen(key);
    expect(system).toMatch(/^You are StudyAgent/);
    expect(system).toMatch(/Guidance from the caller[^\n]*\nAnswer in French\.\n\nOne word only\./);
  });

  it("Responses API: system and developer items are added the same way", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Bonjour." }]);
    await agentClient().responses.create({
      model: "study-agent",
      input: [
        { role: "system", content: "Answer in French." },
        { role: "developer", content: "One word only." },
        { role: "user", content: `${marker} Say hello.` },
      ],
    });
    const system = await systemSeen(key);
    expect(system).toMatch(/^You are StudyAgent/);
    expect(system).toMatch(/Guidance from the caller[^\n]*\nAnswer in French\.\n\nOne word only\./);
  });
});
