// A formula a chat cannot show as Unicode (tex-unicode.ts) is sent as its TeX source, and the message says where
// to read it: under a quiz question or verdict, a link to its lesson's page (where KaTeX renders it), with the
// share token its learner opens it by; with no lesson, or no page, a plain note that the formulas are shown as
// their source. Telegram's and Slack's `send` dropped the flag (audit R4 F2): only a lesson itself had the link,
// and a quiz question's matrix came with no word about it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import chatPhrases from "../../public/i18n/chat-phrases.json";
import type { Env } from "../../src/env";
import { objectKey } from "../../src/lessons/store";
import type { ChatPlatform, OutgoingMessage, PlatformShapes } from "../../src/platforms/chat-platform";
import { SlackPlatform } from "../../src/platforms/slack/slack-platform";
import { TelegramPlatform } from "../../src/platforms/telegram/telegram-platform";
import { platformCalls, uniqueChatId } from "../support/platform-control";
import { putLesson } from "../support/quiz-lesson";
import { uniqueChannel } from "../support/slack-requests";
import { uniqueId } from "../support/worker-http";

const PAGE = "https://study.example";
const MATRIX = "Which is $\\begin{pmatrix}1 & 2\\end{pmatrix}^T$?";

/** Each platform: where it sends, and the text of the last message it sent there. */
const PLATFORMS = [
  {
    name: "telegram",
    make: (e: Env) => new TelegramPlatform(e) as unknown as ChatPlatform<PlatformShapes>,
    target: () => ({ platform: "telegram", chatId: uniqueChatId() }),
    sent: async (to: { chatId?: number }) => String((await platformCalls("telegram", to.chatId!)).filter((c) => c.method === "sendMessage").at(-1)?.body.text),
  },
  {
    name: "slack",
    make: (e: Env) => new SlackPlatform(e) as unknown as ChatPlatform<PlatformShapes>,
    target: () => ({ platform: "slack", channel: uniqueChannel() }),
    sent: async (to: { channel?: string }) =>
      String((await platformCalls("slack", to.channel!)).filter((c) => c.method === "chat.postMessage").at(-1)?.body.text),
  },
] as const;

describe.each(PLATFORMS)("a $name message with a formula the chat cannot show", ({ name, make, target, sent }) => {
  const send = async (e: Env, message: OutgoingMessage) => {
    const to = target();
    await make(e).send(to as PlatformShapes["target"], message);
    return sent(to);
  };

  it("links its lesson's page in the lesson's language, with the share token written for a lesson saved before them", async () => {
    const key = `${uniqueId("matrices")}.md`;
    await putLesson(env.LESSONS, key, undefined, name);
    const text = await send({ ...env, PUBLIC_URL: `${PAGE}/` }, { text: MATRIX, about: { lesson: { key, owner: name }, language: "es" } });
    const share = (await env.LESSONS.head(objectKey(key)))?.customMetadata?.share;
    expect(share).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(text).toContain("\\begin{pmatrix}");
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
    const text = await send(e(), { text: MATRIX, about });
    expect(text).toContain("\\begin{pmatrix}");
    expect(text).toContain(chatPhrases[language].formulasAsSource);
    expect(text).not.toContain(PAGE);
  });

  it("adds nothing when every formula reads as Unicode", async () => {
    const text = await send({ ...env, PUBLIC_URL: `${PAGE}/` }, { text: "Is $x^2 \\ge 0$ for every $x \\in \\mathbb{R}$?" });
    expect(text).toBe("Is x² ≥ 0 for every x ∈ ℝ?");
  });
});
