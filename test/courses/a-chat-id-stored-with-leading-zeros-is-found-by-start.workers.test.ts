// A course stored before targets were checked may name chat 42 as "042" (new courses are refused that spelling). Given
// up, its chat is noted in the index chat-resume.ts keeps as the id is written, so chat 42's /start (a number) finds
// it and takes the course back. One given up before this fix was noted as "042": course migration 7 lists it, and
// the next tick notes it again as 42. Before, /start answered the help alone and the course stayed given up.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import chatPhrases from "../../public/i18n/chat-phrases.json";
import { loadConfig } from "../../src/config";
import { indexedChat, unreachableKey } from "../../src/courses/chat-resume";
import { COURSE_MIGRATIONS } from "../../src/courses/course-schema";
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

const shards = () => loadConfig(env).COURSE_SHARDS;

/** The chat's answer to a /start. */
const start = (chat: number) => answerTo(chat, telegramUpdate(chat, "/start"));

/** A course whose `deliver` names `to` as a course stored before targets were checked does: written into its row. */
async function storedCourseFor(name: string, chat: number, to: string) {
  const marker = await script(uniqueId(name), [SYLLABUS_REPLY, ...lessonReplies(uniqueId(`${name}-1`), "What a vector is")]);
  const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: [{ platform: "telegram", to: chat }] });
  created.push(course.id);
  await runInDurableObject(shardHolding(env, course.id, shards()), async (_o, state) => {
    state.storage.sql.exec("UPDATE courses SET deliver = ? WHERE id = ?", JSON.stringify([{ platform: "telegram", to }]), course.id);
  });
  return { course, topic: `${marker} Vectors` };
}

/** Its first lesson finds the chat blocked at `at`: the target is given up. */
async function givenUp(id: string, to: string, at: string) {
  await failNextCalls("telegram", to, 1, { status: 403, description: "Forbidden: bot was blocked by the user" });
  await tick(at);
  await waitFor(async () => (await getCourse(id)).lastError?.code === "no_reachable_target", "the course stopped");
  expect((await getCourse(id)).stopped).toMatchObject([{ target: `telegram:${to}` }]);
}

describe("a course naming its chat with leading zeros", () => {
  it("is noted as the chat id is written, so the chat's /start takes it back", async () => {
    const chat = uniqueChatId();
    const { course, topic } = await storedCourseFor("zeros", chat, `0${chat}`);
    await givenUp(course.id, `0${chat}`, "2036-08-02T08:00:00Z");
    expect(await start(chat)).toBe(`${chatPhrases.en.telegramHelp}\n\n${fill(chatPhrases.en.courseResumedNow, { topic })}`);
    expect(await getCourse(course.id)).toMatchObject({ stopped: [], lastError: null });
  });

  it("given up before, noted as spelled, is noted again by the tick after migration 7", async () => {
    const chat = uniqueChatId();
    const { course, topic } = await storedCourseFor("zeros-old", chat, `0${chat}`);
    await givenUp(course.id, `0${chat}`, "2036-08-03T08:00:00Z");
    // As the registry before this fix left it: the chat noted as spelled ("telegram:0…"), not as its id.
    await runInDurableObject(chatIndexShard(env, `telegram:${chat}`, shards()), async (_o, state) => {
      expect(await state.storage.delete(unreachableKey(`telegram:${chat}`))).toBe(true);
    });
    await runInDurableObject(chatIndexShard(env, `telegram:0${chat}`, shards()), async (_o, state) => {
      await state.storage.put(unreachableKey(`telegram:0${chat}`), true);
    });
    const help = chatPhrases.en.telegramHelp;
    expect(await start(chat)).toBe(help);

    await runInDurableObject(shardHolding(env, course.id, shards()), async (_o, state) => {
      state.storage.sql.exec(COURSE_MIGRATIONS[6] as string); // migration 7
      const listed = state.storage.sql.exec<{ id: string }>("SELECT id FROM unindexed_stops WHERE id = ?", course.id).toArray();
      expect(listed).toHaveLength(1);
    });
    await tick("2036-08-03T09:00:00Z");
    expect(await start(chat)).toBe(`${help}\n\n${fill(chatPhrases.en.courseResumedNow, { topic })}`);
    expect((await getCourse(course.id)).stopped).toEqual([]);
  });

  it("a chat id's leading zeros are not part of its key; any other key is kept as it is", () => {
    expect(indexedChat("telegram:042")).toBe("telegram:42");
    expect(indexedChat("telegram:-0042")).toBe("telegram:-42");
    expect(indexedChat("telegram:-1001234")).toBe("telegram:-1001234");
    expect(indexedChat("telegram:0")).toBe("telegram:0");
    expect(indexedChat("telegram:@studynews")).toBe("telegram:@studynews");
    expect(indexedChat("slack:C0123456789")).toBe("slack:C0123456789");
  });
});
