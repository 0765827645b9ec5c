// The bots' own words are in the language of the person they answer: Telegram's language_code (with each
// message and click), Slack's user locale (users.info). The help, a command's answer, why a message cannot be
// read, a click on a dead button, /progress and /review, why a run failed and that an answer was cut short
// (public/i18n/run-notices.json, as the web page says them), and what /lesson and a photo without a caption ask the model (so the model answers in
// that language too);
// English for a language the bots have no phrases for, or a person whose language is not known.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { learnerPhrases } from "../../src/lessons/learner-phrases";
import { runNoticePhrases } from "../../src/platforms/run-notice-phrases";
import { fill } from "../../src/lib/phrase-book";
import { escapeSlackText } from "../../src/platforms/slack/slack-api";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { pngOfSize } from "../support/images";
import { requests, script } from "../support/model-control";
import { offerFile, platformCalls, setSlackLocale, uniqueChatId, waitFor } from "../support/platform-control";
import { directMessage, eventCallback, postSlack, uniqueChannel } from "../support/slack-requests";
import { callbackQueryUpdate, fromLanguage, postTelegram, telegramAttachmentUpdate, telegramPhotoUpdate, telegramUpdate } from "../support/telegram-requests";
import { uniqueId } from "../support/worker-http";
import { ENGLISH_CHAT_PHRASES, RUN_NOTICES } from "../support/english-phrases";

const telegramTexts = async (chat: number) =>
  (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));

/** Sends each update in turn, each after the previous one's reply, and returns the replies. */
async function telegramReplies(chat: number, updates: unknown[]): Promise<string[]> {
  for (const [i, update] of updates.entries()) {
    await postTelegram(update);
    await waitFor(async () => (await telegramTexts(chat)).length === i + 1, `reply ${i + 1}`);
  }
  return telegramTexts(chat);
}

describe("the bots' own words", () => {
  it("on Telegram are in the person's app language: the help, commands, unreadable messages, /progress and /review", async () => {
    const es = await chatPhrases(env.ASSETS, "es");
    const learnerEs = await learnerPhrases(env.ASSETS, "es");
    // The asset holds Spanish: not English's words.
    expect(es.telegramHelp).not.toBe(ENGLISH_CHAT_PHRASES.telegramHelp);
    const chat = uniqueChatId();
    const commands = ["/help", "/stop", "/lesson", "/progress", "/review"].map((text) => fromLanguage(telegramUpdate(chat, text), "es"));
    const voice = fromLanguage(telegramAttachmentUpdate(chat, "voice", { file_id: "v1", duration: 2 }), "es-ES");
    const replies = await telegramReplies(chat, [...commands, voice]);
    expect(replies).toEqual([
      es.telegramHelp,
      es.nothingRunning,
      es.lessonTopic,
      learnerEs.progressNone,
      learnerEs.nothingDue,
      es.unreadableAttachment.replace("{what}", es.attachmentVoice),
    ]);
  });

  it("on Telegram follow each message's language, and are English for a language without phrases", async () => {
    const chat = uniqueChatId();
    const replies = await telegramReplies(chat, [
      fromLanguage(telegramUpdate(chat, "/frobnicate"), "pt-br"),
      fromLanguage(telegramUpdate(chat, "/stop"), "xx"),
      telegramUpdate(chat, "/stop"),
    ]);
    const pt = await chatPhrases(env.ASSETS, "pt");
    expect(replies).toEqual([
      pt.unknownCommand.replace("{name}", "frobnicate").replace("{help}", pt.telegramHelp),
      ENGLISH_CHAT_PHRASES.nothingRunning,
      ENGLISH_CHAT_PHRASES.nothingRunning,
    ]);
    expect(pt.nothingRunning).not.toBe(ENGLISH_CHAT_PHRASES.nothingRunning);
  });

  it("on Telegram answer a click on a button the bot no longer knows in the clicker's language", async () => {
    const chat = uniqueChatId();
    const update = fromLanguage(callbackQueryUpdate(chat, 7, "hello:world"), "ja");
    await postTelegram(update);
    const answer = await waitFor(
      async () => (await platformCalls("telegram", update.callback_query.id)).find((c) => c.method === "answerCallbackQuery"),
      "the click's answer",
    );
    expect(answer.body.text).toBe((await chatPhrases(env.ASSETS, "ja")).clickUnknown);
  });

  it("on Telegram: a photo without a caption asks the model about it in the person's language", async () => {
    const png = pngOfSize(300 + Math.floor(Math.random() * 10_000));
    const fileId = uniqueId("photo-es");
    await offerFile(fileId, png);
    const key = uniqueId("tg-photo-es");
    const marker = await script(key, [{ text: "Hola." }, { text: "Es una parábola." }]);
    const chat = uniqueChatId();
    await telegramReplies(chat, [fromLanguage(telegramUpdate(chat, `${marker} hola`), "es"), fromLanguage(telegramPhotoUpdate(chat, fileId), "es")]);
    const parts = (await requests(key)).requests[1]!.messages.at(-1)!.content as Array<{ type: string; text?: string }>;
    expect(parts[0]).toEqual({ type: "text", text: (await chatPhrases(env.ASSETS, "es")).photoOnly });
  });

  it("on Telegram: /lesson asks the agent in the person's language, so the lesson is written in it", async () => {
    const key = uniqueId("tg-lesson-es");
    const marker = await script(key, [{ text: "Aquí está tu lección." }]);
    const chat = uniqueChatId();
    await telegramReplies(chat, [fromLanguage(telegramUpdate(chat, `/lesson ${marker} la fotosíntesis`), "es")]);
    const asked = (await requests(key)).requests[0]!.messages.at(-1)!.content;
    expect(asked).toBe((await chatPhrases(env.ASSETS, "es")).lessonRequest.replace("{topic}", `${marker} la fotosíntesis`));
    expect(asked).toContain("Quiero aprender sobre:");
  });

  it("on Telegram say why a run failed in the person's language", async () => {
    const marker = await script(
      uniqueId("tg-fail-es"),
      Array.from({ length: 4 }, () => ({ status: 503 })),
    );
    const chat = uniqueChatId();
    const [reply] = await telegramReplies(chat, [fromLanguage(telegramUpdate(chat, `${marker} hola`), "es")]);
    const es = await chatPhrases(env.ASSETS, "es");
    const why = (await runNoticePhrases(env.ASSETS, "es")).model_unavailable;
    expect(why).not.toBe(RUN_NOTICES.model_unavailable);
    expect(reply).toBe(fill(es.runFailed, { reason: why }));
  });

  it("on Telegram say, under the answer, that it was cut at its length limit, in the person's language", async () => {
    const marker = await script(uniqueId("tg-cut-es"), [{ text: "La derivada de x² es", finishReason: "length" }]);
    const chat = uniqueChatId();
    const [reply] = await telegramReplies(chat, [fromLanguage(telegramUpdate(chat, `${marker} ¿derivada de x²?`), "es")]);
    const cut = (await runNoticePhrases(env.ASSETS, "es")).output_truncated;
    expect(cut).not.toBe(RUN_NOTICES.output_truncated);
    expect(reply).toBe(`La derivada de x² es\n\n(${cut})`);
  });

  it("on Slack are in the person's locale, asked of users.info once for several messages", async () => {
    const user = `U0JA${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    await setSlackLocale(user, "ja-JP");
    const channel = uniqueChannel("D");
    const posted = async () => (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => String(c.body.text));
    for (const [i, text] of ["/help", "/stop"].entries()) {
      expect(await postSlack(eventCallback(directMessage(channel, text, { user })))).toHaveProperty("status", 200);
      await waitFor(async () => (await posted()).length === i + 1, `the reply to ${text}`);
    }
    const ja = await chatPhrases(env.ASSETS, "ja");
    expect(await posted()).toEqual([escapeSlackText(ja.slackHelp), escapeSlackText(ja.nothingRunning)]);
    expect((await platformCalls("slack", user)).filter((c) => c.method === "users.info")).toHaveLength(1);
  });
});
