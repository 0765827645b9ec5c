import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

describe("a long Telegram reply", () => {
  it("shows typing, then arrives as several messages of at most 4096 characters cut between paragraphs", async () => {
    // Ten paragraphs of 900 characters: four fit in a message (3606 characters), five do not.
    const paragraphs = Array.from({ length: 10 }, (_, i) => `Paragraph ${i + 1}. ${"The cell cycle has phases. ".repeat(40)}`.slice(0, 900).trim());
    const answer = paragraphs.join("\n\n");
    const marker = await script(uniqueId("tg-long"), [{ text: answer, delayMs: 300 }]);
    const chat = uniqueChatId();
    expect((await postTelegram(telegramUpdate(chat, `${marker} Explain the cell cycle in depth.`))).status).toBe(200);

    const messages = await waitFor(async () => {
      const m = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage");
      return m.length === 3 && m;
    }, "three messages");
    const texts = messages.map((m) => String(m.body.text));
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(4096);
    expect(texts).toEqual([paragraphs.slice(0, 4).join("\n\n"), paragraphs.slice(4, 8).join("\n\n"), paragraphs.slice(8).join("\n\n")]);
    // Telegram's HTML, made from the model's Markdown (this answer has no markup to convert).
    expect(messages.every((m) => m.body.parse_mode === "HTML")).toBe(true);

    const calls = await platformCalls("telegram", chat);
    const typing = calls.findIndex((c) => c.method === "sendChatAction" && c.body.action === "typing");
    expect(typing).toBeGreaterThanOrEqual(0);
    expect(typing).toBeLessThan(calls.findIndex((c) => c.method === "sendMessage"));
    expect(calls[0]!.credential).toBe("123456:test-token");
  });
});
