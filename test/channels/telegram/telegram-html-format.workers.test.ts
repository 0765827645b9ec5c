// Telegram gets the model's Markdown as its HTML subset (parse_mode "HTML"): headings and bold as <b>, no
// raw `###` or `**`, math as Unicode; a lesson arrives as HTML messages (its Answer Key left for the quiz)
// before its document. A message Telegram refuses to parse is sent again as plain text, never lost.
import { describe, expect, it } from "vitest";
import { QUIZ_LESSON } from "../../support/quiz-lesson";
import { script } from "../../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { uniqueId } from "../../support/worker-http";

const sentMessages = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage");

describe("Telegram formatting", () => {
  it("sends an answer and a saved lesson in Telegram's HTML, with no raw ### or **", async () => {
    const filename = uniqueId("derivatives-html");
    const marker = await script(uniqueId("tg-html"), [
      { toolCalls: [{ name: "save_document", args: { filename, title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } }] },
      { text: "### Your lesson\n\nIt covers **the power rule**: $(x^n)' = n x^{n-1}$, and `d/dx` in code." },
    ]);
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, `${marker} Teach me derivatives.`));

    await waitFor(async () => (await platformCalls("telegram", chat)).some((c) => c.method === "sendDocument"), "the lesson document");
    const messages = await sentMessages(chat);
    const texts = messages.map((m) => String(m.body.text));
    expect(messages.every((m) => m.body.parse_mode === "HTML")).toBe(true);
    for (const text of texts) {
      expect(text).not.toMatch(/(^|\n)#{1,6} /);
      expect(text).not.toContain("**");
    }
    expect(texts[0]).toBe("<b>Your lesson</b>\n\nIt covers <b>the power rule</b>: (xⁿ)′ = n xⁿ⁻¹, and <code>d/dx</code> in code.");
    const lesson = texts.slice(1).join("\n\n");
    expect(lesson).toContain("<b>Objectives</b>");
    expect(lesson).toContain("<b>Exercise 1.1 (Multiple choice)</b>");
    // The Answer Key stays in the document, for the quiz to ask.
    expect(lesson).not.toContain("Answer Key");
    expect(lesson).not.toContain("Answer:");
  });

  it("sends a message Telegram cannot parse again as plain text", async () => {
    const marker = await script(uniqueId("tg-refused"), [{ text: "The **power rule** says $x^2$ becomes $2x$ & more." }]);
    const chat = uniqueChatId();
    await failNextCalls("telegram", chat, 1, {
      status: 400,
      description: 'Bad Request: can\'t parse entities: Unsupported start tag "b" at byte offset 4',
      method: "sendMessage",
    });
    await postTelegram(telegramUpdate(chat, `${marker} What is the power rule?`));

    const [refused, resent] = await waitFor(async () => {
      const m = await sentMessages(chat);
      return m.length >= 2 && m;
    }, "the message sent again");
    expect(refused!.body).toMatchObject({ parse_mode: "HTML", text: "The <b>power rule</b> says x² becomes 2x &amp; more." });
    expect(resent!.body.parse_mode).toBeUndefined();
    expect(resent!.body.text).toBe("The power rule says x² becomes 2x & more.");
  });
});
