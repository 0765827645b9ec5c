// A formula a chat cannot show as Unicode (tex-unicode.ts) is sent as its TeX source, and the message says where
// to read it: under a quiz question or verdict, a link to its lesson's page (where KaTeX renders it), with the
// share token its learner opens it by; with no lesson, or no page, a plain note that the formulas are shown as
// their source. Telegram's and Slack's `send` dropped the flag (audit R4 F2): only a lesson itself had the link,
// and a quiz question's matrix came with no word about it. An agent's reply is about the lesson its run saved last,
// in the person's language: its note was in English whatever their language. A share token that cannot be read
// (storage failing) costs the link, not the message: the plain note then.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import chatPhrases from "../../public/i18n/chat-phrases.json";
import { ChatSender } from "../../src/delivery/chat-sender";
import type { Env } from "../../src/env";
import { objectKey } from "../../src/lessons/store";
import type { ChatPlatform, OutgoingMessage, PlatformShapes } from "../../src/platforms/chat-platform";
import { SLACK_MRKDWN } from "../../src/platforms/slack/slack-mrkdwn";
import { SlackPlatform } from "../../src/platforms/slack/slack-platform";
import { TELEGRAM_HTML } from "../../src/platforms/telegram/telegram-html";
import { TelegramPlatform } from "../../src/platforms/telegram/telegram-platform";
import { script } from "../support/model-control";
import { platformCalls, setSlackLocale, uniqueChatId, waitFor } from "../support/platform-control";
import { putLesson } from "../support/quiz-lesson";
import { directMessage, eventCallback, postSlack, uniqueChannel } from "../support/slack-requests";
import { fromLanguage, postTelegram, telegramUpdate } from "../support/telegram-requests";
import { uniqueId } from "../support/worker-http";

const PAGE = "https://study.example";
// Chats write matrices, braces and arrows with text as text now (tex-unicode-*.test.ts); a struck-out sum is still the page's.
const UNREADABLE = "Which is $\\cancel{1 + \\dots + 1}$?";

const telegramTexts = async (to: { chatId?: number }) =>
  (await platformCalls("telegram", to.chatId!)).filter((c) => c.method === "sendMessage").map((c) => String(c.body.text));
const slackTexts = async (to: { channel?: string }) =>
  (await platformCalls("slack", to.channel!)).filter((c) => c.method === "chat.postMessage").map((c) => String(c.body.text));

/**
 * Each platform: where it sends, the texts it sent there, and how a plain note reads at the end of one; `ask`: the
 * bot's reply to `text` from a person whose app is in `language` (sent through its webhook).
 */
const PLATFORMS = [
  {
    name: "telegram",
    make: (e: Env) => new TelegramPlatform(e) as unknown as ChatPlatform<PlatformShapes>,
    target: () => ({ platform: "telegram", chatId: uniqueChatId() }),
    sent: telegramTexts,
    note: (label: string) => TELEGRAM_HTML.em(TELEGRAM_HTML.escape(label)),
    language: "es",
    ask: async (text: string) => {
      const chatId = uniqueChatId();
      await postTelegram(fromLanguage(telegramUpdate(chatId, text), "es-ES"));
      return await waitFor(async () => (await telegramTexts({ chatId }))[0], "the reply");
    },
  },
  {
    name: "slack",
    make: (e: Env) => new SlackPlatform(e) as unknown as ChatPlatform<PlatformShapes>,
    target: () => ({ platform: "slack", channel: uniqueChannel() }),
    sent: slackTexts,
    note: (label: string) => SLACK_MRKDWN.em(SLACK_MRKDWN.escape(label)),
    language: "ja",
    ask: async (text: string) => {
      const user = uniqueId("U0JA").toUpperCase();
      await setSlackLocale(user, "ja-JP");
      const channel = uniqueChannel("D");
      await postSlack(eventCallback(directMessage(channel, text, { user })));
      return await waitFor(async () => (await slackTexts({ channel }))[0], "the reply");
    },
  },
] as const;

describe.each(PLATFORMS)("a $name message with a formula the chat cannot show", ({ name, make, target, sent, note, language, ask }) => {
  const send = async (e: Env, message: OutgoingMessage) => {
    const to = target();
    await make(e).send(to as PlatformShapes["target"], message);
    return (await sent(to)).at(-1)!;
  };

  it("links its lesson's page in the lesson's language, with the share token written for a lesson saved before them", async () => {
    const key = `${uniqueId("matrices")}.md`;
    await putLesson(env.LESSONS, key, undefined, name);
    const text = await send({ ...env, PUBLIC_URL: `${PAGE}/` }, { text: UNREADABLE, about: { lesson: { key, owner: name }, language: "es" } });
    const share = (await env.LESSONS.head(objectKey(key)))?.customMetadata?.share;
    expect(share).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(text).toContain("\\cancel");
    expect(text).toContain(`${PAGE}/?lesson=${key}#share=${share}`);
    expect(text).toContain(chatPhrases.es.seeFormulas);
  });

  it.each([
    ["no lesson", () => ({ ...env, PUBLIC_URL: `${PAGE}/` }), undefined, "en"],
    ["no page configured", () => env, "mine", "es"],
    ["a lesson of another tenant", () => ({ ...env, PUBLIC_URL: `${PAGE}/` }), "theirs", "es"],
  ] as const)("with %s, says plainly that they are shown as their source", async (_, e, whose, language) => {
    const key = `${uniqueId("matrices")}.md`;
    await putLesson(env.LESSONS, key, undefined, name);
    const about = whose ? { lesson: { key, owner: whose === "mine" ? name : "someone-else" }, language } : {};
    const text = await send(e(), { text: UNREADABLE, about });
    expect(text).toContain("\\cancel");
    expect(text).toContain(chatPhrases[language].formulasAsSource);
    expect(text).not.toContain(PAGE);
  });

  it("falls back to the plain note when the lesson's share token cannot be read, and logs why", async () => {
    const key = `${uniqueId("matrices")}.md`;
    const down = { get: async () => Promise.reject(new Error("R2 is down")) } as unknown as R2Bucket;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const text = await send({ ...env, PUBLIC_URL: `${PAGE}/`, LESSONS: down }, { text: UNREADABLE, about: { lesson: { key, owner: name }, language: "es" } });
      expect(text.endsWith(note(chatPhrases.es.formulasAsSource))).toBe(true);
      expect(text).not.toContain(PAGE);
      expect(logged).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`${key}.*R2 is down`)));
    } finally {
      logged.mockRestore();
    }
  });

  it(`ends an agent's reply to a person in ${language} with the note in their language`, async () => {
    const marker = await script(uniqueId(`${name}-matrix`), [{ text: UNREADABLE }]);
    const reply = await ask(`${marker} ¿una matriz?`);
    expect(reply).toContain("\\cancel");
    expect(reply.endsWith(note(chatPhrases[language].formulasAsSource))).toBe(true);
  });

  it("links an agent's reply to the page of the lesson its run saved last, labelled in the person's language", async () => {
    const key = `${uniqueId("matrices")}.md`;
    await putLesson(env.LESSONS, key, undefined, name);
    const e = { ...env, PUBLIC_URL: `${PAGE}/` };
    const to = target();
    await new ChatSender(make(e), env.LESSONS).answer(to as PlatformShapes["target"], UNREADABLE, [key], language);
    const [reply] = await sent(to);
    const share = (await env.LESSONS.head(objectKey(key)))?.customMetadata?.share;
    expect(reply).toContain(`${PAGE}/?lesson=${key}#share=${share}`);
    expect(reply).toContain(chatPhrases[language].seeFormulas);
  });

  it("adds nothing when every formula reads as Unicode", async () => {
    const text = await send({ ...env, PUBLIC_URL: `${PAGE}/` }, { text: "Is $x^2 \\ge 0$ for every $x \\in \\mathbb{R}$?" });
    expect(text).toBe("Is x² ≥ 0 for every x ∈ ℝ?");
  });
});
