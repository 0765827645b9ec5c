import { afterEach, describe, expect, it } from "vitest";
import { htmlToPlain } from "../../../src/platforms/telegram/telegram-html";
import { confirmedCourse, lessonMarkdown, lessonReplies, SYLLABUS, SYLLABUS_REPLY } from "../../support/course-fixtures";
import { requests, script } from "../../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { call, uniqueId } from "../../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** What the chat shows of each message: Telegram's HTML read as text. */
const texts = async (chat: number) =>
  (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));

describe("Telegram commands", () => {
  it("/start explains the bot and its commands", async () => {
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, "/start"));
    const [help] = await waitFor(async () => {
      const t = await texts(chat);
      return t.length > 0 && t;
    }, "the help text");
    for (const command of ["/lesson", "/course", "/new", "/stop", "/compact"]) expect(help).toContain(command);
  });

  it("/compact compacts the chat's conversation and says what it did", async () => {
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, "/compact"));
    await waitFor(async () => (await texts(chat)).includes("There is no conversation to compact yet."), "the no-conversation answer");

    const marker = await script(uniqueId("tg-compact"), [{ text: "Hello there." }]);
    await postTelegram(telegramUpdate(chat, `${marker} hi`));
    await waitFor(async () => (await texts(chat)).includes("Hello there."), "the answer");
    await postTelegram(telegramUpdate(chat, "/compact"));
    await waitFor(async () => (await texts(chat)).includes("Nothing to compact: our conversation is still short."), "the compaction answer");
  });

  it("/lesson <topic> runs the agent and sends the saved lesson as a document", async () => {
    const key = uniqueId("tg-lesson");
    const filename = uniqueId("vectors-lesson");
    const marker = await script(key, lessonReplies(filename, "What a vector is"));
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, `/lesson@StudyAgentBot ${marker} vectors`));

    const document = await waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendDocument"), "the lesson document");
    expect(document.body.document).toMatchObject({ filename: `${filename}.md`, text: lessonMarkdown("What a vector is") });
    expect(document.body.caption).toBe("Vectors — What a vector is");
    expect(await texts(chat)).toEqual([
      "Today: What a vector is. You will be able to draw and compare vectors.",
      "Vectors — What a vector is\n\nChapter 1: What a vector is\n\nObjectives\n\n• Explain what a vector is.\n\nSummary\n\nA vector has a size and a direction.",
    ]);
    expect(JSON.stringify((await requests(key)).requests[0]!.messages)).toContain("I want to learn about:");
  });

  it("/course <topic> sets up a daily course delivered to this chat", async () => {
    const marker = await script(uniqueId("tg-course"), [SYLLABUS_REPLY]);
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, `/course ${marker} Vectors`));
    const [reply] = await waitFor(async () => {
      const t = await texts(chat);
      return t.length > 0 && t;
    }, "the confirmation");
    const course = await confirmedCourse(reply!);
    created.push(course.id);
    expect(course).toMatchObject({ deliver: [{ platform: "telegram", to: chat }], syllabus: SYLLABUS });
  });

  it("answers an unknown command or a missing topic with how to use it, without running the agent", async () => {
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, "/lesson"));
    await postTelegram(telegramUpdate(chat, "/frobnicate"));
    const replies = await waitFor(async () => {
      const t = await texts(chat);
      return t.length === 2 && t;
    }, "two replies");
    expect(replies[0]).toContain("/lesson <topic>");
    expect(replies[1]).toContain("I do not know /frobnicate");
    expect((await call(`/v1/sessions/tg-${chat}`)).status).toBe(404);
  });
});
