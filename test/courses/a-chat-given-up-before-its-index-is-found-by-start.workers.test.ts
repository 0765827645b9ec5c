// A chat's /start asks one shard whether some course gave the chat up (the index chat-resume.ts keeps, written
// before a stop is recorded). Targets stopped before that index existed are indexed by the next tick (course
// migration 6 lists their courses), so their chat's /start finds them too; until then it is the help alone. The
// course here names its chat in the older `deliver` object, whose stopped target is keyed by the platform's name.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import chatPhrases from "../../public/i18n/chat-phrases.json";
import { loadConfig } from "../../src/config";
import { unreachableKey } from "../../src/courses/chat-resume";
import { chatIndexShard, shardHolding } from "../../src/courses/course-shards";
import { fill } from "../../src/lib/phrase-book";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { failNextCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { answerTo, telegramUpdate } from "../support/telegram-requests";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** The chat's answer to a /start. */
const start = (chat: number) => answerTo(chat, telegramUpdate(chat, "/start"));

describe("a chat given up before the index", () => {
  it("is found by its /start once a tick indexed it", async () => {
    const shards = loadConfig(env).COURSE_SHARDS;
    const chat = uniqueChatId();
    const marker = await script(uniqueId("start-unindexed"), [SYLLABUS_REPLY, ...lessonReplies(uniqueId("start-unindexed-1"), "What a vector is")]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: chat } });
    created.push(course.id);
    await failNextCalls("telegram", chat, 1, { status: 403, description: "Forbidden: bot was blocked by the user" });
    await tick("2036-07-02T08:00:00Z");
    await waitFor(async () => (await getCourse(course.id)).lastError?.code === "no_reachable_target", "the course stopped");
    expect((await getCourse(course.id)).stopped).toMatchObject([{ target: "telegram" }]);

    // As a registry from before the index has it: the chat not noted, its course listed by migration 6.
    await runInDurableObject(chatIndexShard(env, `telegram:${chat}`, shards), async (_o, state) => {
      expect(await state.storage.delete(unreachableKey(`telegram:${chat}`))).toBe(true);
    });
    await runInDurableObject(shardHolding(env, course.id, shards), async (_o, state) => {
      state.storage.sql.exec("INSERT INTO unindexed_stops (id) VALUES (?)", course.id);
    });
    const help = chatPhrases.en.telegramHelp;
    expect(await start(chat)).toBe(help);
    expect((await getCourse(course.id)).stopped).toHaveLength(1);

    await tick("2036-07-02T09:00:00Z");
    expect(await start(chat)).toBe(`${help}\n\n${fill(chatPhrases.en.courseResumedNow, { topic: `${marker} Vectors` })}`);
    expect(await getCourse(course.id)).toMatchObject({ stopped: [], lastError: null });
  });
});
