// A quiz's question and its verdict go out naming the lesson of their exercise (OutgoingMessage.about), and whose
// it is, in the exercise's language: a formula the chat cannot show is then linked to that lesson's page
// (formulas-a-chat-cannot-show-link-their-lesson-or-say-so.workers.test.ts). Before, they named nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ChatQuizzes } from "../../src/channels/chat-quizzes";
import type { ChatStore } from "../../src/channels/chat-store";
import type { OutgoingMessage } from "../../src/platforms/chat-platform";
import type { ChatPhrases } from "../../src/platforms/chat-phrases";
import type { AnyChatPlatform, ChatAddress, ChatTarget } from "../../src/platforms/registry";
import { putLesson } from "../support/quiz-lesson";
import { uniqueId } from "../support/worker-http";

describe("a quiz's messages", () => {
  it("name the lesson of the exercise they ask or answer, as its owner's", async () => {
    const key = `${uniqueId("derivatives")}.md`;
    await putLesson(env.LESSONS, key, undefined, "telegram");
    const learner = uniqueId("tg");
    const meta = new Map([[`last_lesson:${learner}`, key]]);
    const store = {
      getMeta: (k: string) => meta.get(k),
      setMeta: (k: string, v: string) => void meta.set(k, v),
      deleteMeta: (k: string) => void meta.delete(k),
    };
    const sent: OutgoingMessage[] = [];
    const platform = { tenant: "telegram", learnerId: () => learner, send: async (to: ChatTarget, m: OutgoingMessage) => (sent.push(m), to) };
    const quizzes = new ChatQuizzes(env, store as unknown as ChatStore);
    const chat = { platform: "telegram", chatId: 1 } as ChatAddress;
    const to = { platform: "telegram", chatId: 1 } as ChatTarget;

    await quizzes.continue(platform as unknown as AnyChatPlatform, chat, to, {} as ChatPhrases);
    await quizzes.answer(platform as unknown as AnyChatPlatform, chat, to, "B");
    const [question, verdict] = sent;
    expect(question!.text).toContain("What does the derivative measure?");
    expect(verdict!.text).toMatch(/^✅/);
    for (const message of [question, verdict]) expect(message!.about).toMatchObject({ lesson: { key, owner: "telegram" } });
  });
});
