// The summarizer reads the conversation as the model saw it: named participants (a Chat Completions
// message's `name`) keep their names, so a summary of a chat of several users says who asked what.
import { describe, expect, it } from "vitest";
import { renderTranscript } from "../../../src/agent/context/compaction";
import { newId, now, type Message } from "../../../src/agent";

const at = () => ({ id: newId("msg"), createdAt: now() });

describe("the summarizer's transcript", () => {
  it("names each named user and assistant, and leaves the others as they were", () => {
    const messages: Message[] = [
      { ...at(), role: "user", content: "What is a limit?", name: "alice" },
      { ...at(), role: "user", content: "And a derivative?", name: "bob" },
      { ...at(), role: "assistant", content: "Both, in turn." },
      { ...at(), role: "user", content: "Thanks." },
    ];
    expect(renderTranscript(messages, undefined, 10_000)).toBe(
      "[user alice]\nWhat is a limit?\n\n[user bob]\nAnd a derivative?\n\n[assistant]\nBoth, in turn.\n\n[user]\nThanks.",
    );
  });
});
