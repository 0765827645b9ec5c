// A lesson written in Traditional Chinese (繁體中文) is graded and quizzed in Traditional Chinese: its exercises
// record zh-Hant, not zh, so the key's feedback reads 正確 and 不太對, not 正确 and 不太对, and the chat quiz asks
// 第 1 題（練習 1.1，單項選擇題）, and a deck card without a key says 本課的參考答案中沒有 (a set of exercises stored
// when they recorded zh is read again), and the link under it in a chat reads 在網頁上開啟這節課 (the chats sent its
// vocabulary's zh). A lesson in Simplified characters keeps its Simplified words.
import { env } from "cloudflare:workers";
import { Converter } from "opencc-js/cn2t";
import { describe, expect, it } from "vitest";
import zh from "../../skills/knowledge-compiler/languages/zh.md?raw";
import { ChatSender } from "../../src/delivery/chat-sender";
import type { ChatPlatform, PlatformShapes } from "../../src/platforms/chat-platform";
import { chatPhrases } from "../../src/platforms/chat-phrases";
import { TelegramPlatform } from "../../src/platforms/telegram/telegram-platform";
import { platformCalls, uniqueChatId } from "../support/platform-control";
import { lessonWriter, telegramQuizChat } from "../support/quiz-chats";
import { putLesson } from "../support/quiz-lesson";
import { EXERCISES_PREFIX } from "../../src/lessons/exercise-store";
import { objectKey } from "../../src/lessons/store";
import { call, uniqueId } from "../support/worker-http";

const simplified = /```markdown\n([\s\S]*?)```/.exec(zh)![1]!;
const traditional = Converter({ from: "cn", to: "twp" })(simplified);

async function feedbackOf(key: string, exercise: string, answer: string): Promise<string> {
  const res = await call(`/v1/lessons/${key}/answers`, { method: "POST", json: { exercise, answer } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { feedback: string }).feedback;
}

describe("a Chinese lesson's feedback is in the script it is written in", () => {
  it.each([
    ["Traditional", traditional, "zh-Hant", "正確。", "不太對：你選了 A；正確答案是 B"],
    ["Simplified", simplified, "zh", "正确。", "不太对：你选了 A；正确答案是 B"],
  ])("%s", async (_, lesson, language, right, chose) => {
    const key = `${uniqueId("zh-script")}.md`;
    await putLesson(env.LESSONS, key, lesson);
    const res = await call(`/v1/lessons/${key}/exercises`);
    expect(((await res.json()) as { exercises: Array<{ language?: string }> }).exercises.map((e) => e.language)).toEqual(Array(5).fill(language));
    expect(await feedbackOf(key, "1.1", "B")).toMatch(new RegExp(`^${right}`));
    expect(await feedbackOf(key, "1.1", "A")).toMatch(new RegExp(`^${chose}`));
    // The page opening a chat's link declares the same language (its lang attribute).
    const { share } = (await (await call(`/v1/lessons/${key}/share`, { method: "POST" })).json()) as { share: string };
    const shared = await call(`/v1/shared-lessons/${key}`, { headers: { "x-lesson-share": share } });
    expect(((await shared.json()) as { language?: string }).language).toBe(language);
  });

  it("reads again a set stored when a Traditional lesson's exercises recorded zh", async () => {
    const key = `${uniqueId("zh-script-stored")}.md`;
    await putLesson(env.LESSONS, key, traditional);
    const lessonEtag = (await env.LESSONS.head(objectKey(key)))!.etag;
    const stale = { lessonKey: key, title: "t", lessonEtag, reading: 2, exercises: [{ id: "1.1", language: "zh" }] };
    await env.LESSONS.put(`${EXERCISES_PREFIX}${key}.json`, JSON.stringify(stale));
    const res = await call(`/v1/lessons/${key}/exercises`);
    expect(((await res.json()) as { exercises: Array<{ language?: string }> }).exercises[0]!.language).toBe("zh-Hant");
  });

  it("runs the chat quiz of a Traditional lesson in Traditional Chinese", async () => {
    const chat = telegramQuizChat();
    await chat.say(`${await lessonWriter(traditional)} 教我連鎖律`);
    const [, , offer] = await chat.next(3);
    await chat.press(offer!.buttons["考考我"]!);
    const [question] = await chat.next();
    expect(question!.text).toMatch(/^第 1 題，共 5 題（練習 1\.1，單項選擇題）：/);
    await chat.press(question!.buttons.A!);
    const [verdict] = await chat.next();
    expect(verdict!.text).toContain("你選了 A；正確答案是 B");
    expect(verdict!.buttons["下一題"]).toBeDefined();
  });

  it.each([
    ["Traditional", traditional, "zh-Hant"],
    ["Simplified", simplified, "zh"],
  ])("labels the link under a %s lesson sent to a chat in its script", async (_, lesson, language) => {
    const key = `${uniqueId("zh-script-link")}.md`;
    await putLesson(env.LESSONS, key, lesson);
    const chatId = uniqueChatId();
    const platform = new TelegramPlatform({ ...env, PUBLIC_URL: "https://study.example" }) as unknown as ChatPlatform<PlatformShapes>;
    await new ChatSender(platform, env.LESSONS).sendLessons({ platform: "telegram", chatId } as PlatformShapes["target"], [key]);
    const sent = (await platformCalls("telegram", chatId)).find((c) => c.method === "sendMessage");
    expect(String(sent?.body.text)).toContain(`>${(await chatPhrases(env.ASSETS, language)).openLesson}</a>`);
  });

  it("says a deck card has no key in Traditional Chinese", async () => {
    const key = `${uniqueId("zh-script-deck")}.md`;
    await putLesson(env.LESSONS, key, traditional.replace(/^### \S+ 1\.4\n[\s\S]*?(?=^### )/m, ""));
    const res = await call(`/v1/lessons/${key}/deck`);
    const card = (await res.text()).split("\n").find((l) => l.startsWith(`studyagent:${key}#1.4\t`))!;
    expect(card.split("\t")[2]).toBe("（本課的參考答案中沒有這道題的答案）");
  });
});
