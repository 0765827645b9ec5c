// A person who blocked the bot gets their course back by unblocking it: Telegram's Restart sends /start, which
// proves the chat is reachable, so every course that gave this chat up (chat_unreachable) takes it back: a course
// stopped for want of a target is due again, its no_reachable_target over, and the reply after the help names it
// in the person's language. Before, /start only showed the help and the course stayed stopped for good. Only this
// chat is taken back (another chat a course gave up stays given up), in a course of any tenant (one made over the
// API names the chat too: docs/courses.md#resuming), from any topic of the chat; a /start with nothing given up
// answers the help alone, as before.
import { afterEach, describe, expect, it } from "vitest";
import chatPhrases from "../../../public/i18n/chat-phrases.json";
import type { CourseView } from "../../../src/courses/course-registry";
import { fill } from "../../../src/lib/phrase-book";
import { htmlToPlain } from "../../../src/platforms/telegram/telegram-html";
import { confirmedCourse, getCourse, lessonReplies, SYLLABUS_REPLY } from "../../support/course-fixtures";
import { tick } from "../../support/course-tick";
import { script } from "../../support/model-control";
import { failNextCalls, platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { fromLanguage, inForumTopic, postTelegram, telegramGroupUpdate, telegramUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { tenantApp } from "../../support/tenant-app";
import { call, uniqueId } from "../../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const BLOCKED = { status: 403, description: "Forbidden: bot was blocked by the user" };

/** What the chat was sent, as it reads (Telegram's HTML as text). */
const texts = async (chat: number) =>
  (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));

/** The next message the chat is sent after the `seen` it had. */
const nextText = (chat: number, seen: number) => waitFor(async () => (await texts(chat))[seen], "the reply");

/** Posts `update` (a /start) to `chat` and returns the bot's answer. */
async function answerTo(chat: number, update: unknown): Promise<string> {
  const seen = (await texts(chat)).length;
  await postTelegram(update);
  return nextText(chat, seen);
}

/** Waits until the course stopped for want of a reachable target. */
const stopped = (id: string, get = getCourse) =>
  waitFor(async () => {
    const c = await get(id);
    return c.lastError?.code === "no_reachable_target" && c;
  }, "the course stopped");

/** A course set up with /course from `update`'s chat (in its language), whose first lesson found the chat blocked at `at`. */
async function courseGivenUp(name: string, update: (text: string) => unknown, chat: number, at: string): Promise<CourseView> {
  const marker = await script(uniqueId(name), [SYLLABUS_REPLY, ...lessonReplies(uniqueId(`${name}-1`), "What a vector is")]);
  const confirmation = await answerTo(chat, update(`/course ${marker} Vectors`));
  const course = await confirmedCourse(confirmation);
  created.push(course.id);
  await failNextCalls("telegram", chat, 1, BLOCKED);
  await tick(at);
  return stopped(course.id);
}

describe("/start after the bot was unblocked", () => {
  it("takes the chat back into its course, due again, and says so after the help", async () => {
    const chat = uniqueChatId();
    const course = await courseGivenUp("tg-start-resumes", (text) => telegramUpdate(chat, text), chat, "2036-03-02T08:00:00Z");
    expect(course.stopped).toMatchObject([{ target: `telegram:${chat}`, code: "chat_unreachable" }]);
    expect(course.nextLessonAt).toBeNull();

    const reply = await answerTo(chat, telegramUpdate(chat, "/start"));
    const en = chatPhrases.en;
    expect(reply).toBe(`${en.telegramHelp}\n\n${fill(en.courseResumedNow, { topic: course.topic })}`);
    const resumed = await getCourse(course.id);
    expect(resumed).toMatchObject({ stopped: [], lastError: null, status: "active" });
    expect(resumed.nextLessonAt).not.toBeNull();

    // Due again: the next tick sends the lesson that missed its period to the chat.
    await tick("2036-03-02T09:00:00Z");
    await waitFor(async () => Boolean((await getCourse(course.id)).lessons[0]?.deliveredAt), "the lesson delivered");
    expect((await texts(chat)).filter((t) => /lesson 1 of 3/.test(t))).toHaveLength(2); // the refused one, then this one

    // Nothing is given up any more: another /start is the help alone.
    expect(await answerTo(chat, telegramUpdate(chat, "/start"))).toBe(en.telegramHelp);
  });

  it("says it in the person's language, with the next lesson's time when the course went on elsewhere", async () => {
    const chat = uniqueChatId();
    const other = uniqueChatId();
    const as = tenantApp({ a: uniqueId("tenant-a"), b: uniqueId("tenant-b") });
    const marker = await script(uniqueId("tg-start-two"), [SYLLABUS_REPLY, ...lessonReplies(uniqueId("tg-start-two-1"), "What a vector is")]);
    // An API tenant's course to this chat and another: the person restarting the bot takes their chat back into it too.
    const res = await as("a", "POST", "/v1/courses", {
      topic: `${marker} Vectors`,
      deliver: [
        { platform: "telegram", to: chat },
        { platform: "telegram", to: other },
      ],
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    created.push(id);
    await waitFor(async () => (await getCourse(id)).status === "active", "the syllabus");
    await failNextCalls("telegram", chat, 1, BLOCKED);
    await tick("2036-04-02T08:00:00Z");
    await waitFor(async () => Boolean((await getCourse(id)).lessons[0]?.deliveredAt), "lesson 1 delivered to the other chat");
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `telegram:${chat}` }]);

    // The other chat's /start: nothing of it was given up, so the help alone, and the course is as it was.
    expect(await answerTo(other, telegramUpdate(other, "/start"))).toBe(chatPhrases.en.telegramHelp);
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `telegram:${chat}` }]);

    const es = chatPhrases.es;
    const reply = await answerTo(chat, fromLanguage(telegramUpdate(chat, "/start"), "es"));
    expect(reply).toBe(`${es.telegramHelp}\n\n${fill(es.courseResumed, { topic: `${marker} Vectors`, when: "2036-04-03 00:00" })}`);
    const resumed = await getCourse(id);
    // It went on with the other chat: its schedule is kept.
    expect(resumed).toMatchObject({ stopped: [], nextLessonAt: "2036-04-03T00:00:00.000Z" });
  });

  it("takes back only this chat: another chat the course gave up stays given up", async () => {
    const chat = uniqueChatId();
    const other = uniqueChatId();
    const marker = await script(uniqueId("tg-start-only"), [SYLLABUS_REPLY, ...lessonReplies(uniqueId("tg-start-only-1"), "What a vector is")]);
    const res = await call("/v1/courses", {
      method: "POST",
      json: {
        topic: `${marker} Vectors`,
        deliver: [
          { platform: "telegram", to: chat },
          { platform: "telegram", to: other },
        ],
      },
    });
    const { id } = (await res.json()) as { id: string };
    created.push(id);
    await waitFor(async () => (await getCourse(id)).status === "active", "the syllabus");
    await failNextCalls("telegram", chat, 1, BLOCKED);
    await failNextCalls("telegram", other, 1, BLOCKED);
    await tick("2036-05-02T08:00:00Z");
    await stopped(id);

    const reply = await answerTo(chat, telegramUpdate(chat, "/start"));
    expect(reply).toBe(`${chatPhrases.en.telegramHelp}\n\n${fill(chatPhrases.en.courseResumedNow, { topic: `${marker} Vectors` })}`);
    const after = await getCourse(id);
    expect(after.stopped).toMatchObject([{ target: `telegram:${other}`, code: "chat_unreachable" }]);
    expect(after.lastError).toBeNull();
    expect(after.nextLessonAt).not.toBeNull();
  });

  it("takes a forum topic's course back from a /start anywhere in its group", async () => {
    const group = uniqueSupergroupId();
    const course = await courseGivenUp("tg-start-topic", (text) => inForumTopic(telegramGroupUpdate(group, text), 30), group, "2036-06-02T08:00:00Z");
    expect(course.stopped).toMatchObject([{ target: `telegram:${group}/30` }]);

    const reply = await answerTo(group, telegramGroupUpdate(group, "/start"));
    expect(reply).toContain(fill(chatPhrases.en.courseResumedNow, { topic: course.topic }));
    expect(await getCourse(course.id)).toMatchObject({ stopped: [], lastError: null });
  });
});
