// A course may name a public supergroup by its @username instead of its chat id. Given up (403), its chat was noted
// under the username, and /start, which comes with a chat id, never found it: the course stayed given up. The update
// of a message in a public chat carries the chat's `username`, so its /start now takes back the courses that gave up
// "@<username>" too, whatever its capitals (Telegram's usernames are case-insensitive): of any tenant, as for a chat
// id (docs/courses.md#resuming). A /start without a username, or from a private chat (whose username is the
// person's, which no bot can send to), finds nothing new. One given up before this fix was noted with its capitals:
// course migration 8 lists it, and the next tick notes it again in lower case.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import chatPhrases from "../../../public/i18n/chat-phrases.json";
import { loadConfig } from "../../../src/config";
import { indexedChat, unreachableKey } from "../../../src/courses/chat-resume";
import { COURSE_MIGRATIONS } from "../../../src/courses/course-schema";
import { chatIndexShard, shardHolding } from "../../../src/courses/course-shards";
import { fill } from "../../../src/lib/phrase-book";
import { getCourse, lessonReplies, SYLLABUS_REPLY } from "../../support/course-fixtures";
import { tick } from "../../support/course-tick";
import { script } from "../../support/model-control";
import { failNextCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { answerTo, telegramGroupUpdate, telegramUpdate, uniqueSupergroupId } from "../../support/telegram-requests";
import { tenantApp } from "../../support/tenant-app";
import { call, uniqueId } from "../../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const BLOCKED = { status: 403, description: "Forbidden: bot was removed from the supergroup" };
const help = chatPhrases.en.telegramHelp;
const back = (topic: string) => fill(chatPhrases.en.courseResumedNow, { topic });
const shards = () => loadConfig(env).COURSE_SHARDS;
const TENANTS = { a: uniqueId("tenant-a"), b: uniqueId("tenant-b") };

/** A username no other test uses, with capitals: "MyGroup…". */
const uniqueUsername = () => `MyGroup${Math.floor(Math.random() * 1e9)}`;

/** `update` (a message) as Telegram sends it from a public supergroup: the chat's `username` as it is written. */
function inPublicSupergroup<U extends { message: { chat: object } }>(update: U, username?: string): U {
  const chat = { ...update.message.chat, type: "supergroup", title: "Study group", ...(username ? { username } : {}) };
  return { ...update, message: { ...update.message, chat } };
}

/** A course of `who` (the admin, or tenant a) delivering to `to` (a chat or several), planned; its topic. */
async function courseTo(name: string, to: string | number | (string | number)[], who: "admin" | "a" = "admin") {
  const marker = await script(uniqueId(name), [SYLLABUS_REPLY, ...lessonReplies(uniqueId(`${name}-1`), "What a vector is")]);
  const topic = `${marker} Vectors`;
  const body = { topic, deliver: [to].flat().map((t) => ({ platform: "telegram", to: t })) };
  const res = who === "admin" ? await call("/v1/courses", { method: "POST", json: body }) : await tenantApp(TENANTS)(who, "POST", "/v1/courses", body);
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  created.push(id);
  await waitFor(async () => (await getCourse(id)).status === "active", "the syllabus");
  return { id, topic };
}

/** Its first lesson (ticked at `at`) finds `to` refusing the bot: the target is given up and the course stops. */
async function givenUp(ids: string[], to: (string | number)[], at: string) {
  for (const t of to) await failNextCalls("telegram", t, 1, BLOCKED);
  await tick(at);
  for (const id of ids) await waitFor(async () => (await getCourse(id)).lastError?.code === "no_reachable_target", "the course stopped");
}

describe("/start in a public supergroup", () => {
  it("takes back a course that gave up its @username, written with other capitals", async () => {
    const group = uniqueSupergroupId();
    const name = uniqueUsername();
    const { id, topic } = await courseTo("tg-username", `@${name}`);
    await givenUp([id], [`@${name}`], "2043-01-02T08:00:00Z");
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `telegram:@${name}`, code: "chat_unreachable" }]);

    const reply = await answerTo(group, inPublicSupergroup(telegramGroupUpdate(group, "/start"), name.toLowerCase()));
    expect(reply).toBe(`${help}\n\n${back(topic)}`);
    expect(await getCourse(id)).toMatchObject({ stopped: [], lastError: null, status: "active" });
    // Taken back: nothing is noted any more.
    expect(await answerTo(group, inPublicSupergroup(telegramGroupUpdate(group, "/start"), name))).toBe(help);
  });

  it("finds nothing new without a username, nor from a private chat with that username", async () => {
    const group = uniqueSupergroupId();
    const person = uniqueChatId();
    const name = uniqueUsername();
    const { id, topic } = await courseTo("tg-username-none", `@${name}`);
    await givenUp([id], [`@${name}`], "2043-02-02T08:00:00Z");

    expect(await answerTo(group, inPublicSupergroup(telegramGroupUpdate(group, "/start")))).toBe(help);
    const privately = telegramUpdate(person, "/start");
    expect(await answerTo(person, { ...privately, message: { ...privately.message, chat: { ...privately.message.chat, username: name } } })).toBe(help);
    expect((await getCourse(id)).stopped).toMatchObject([{ target: `telegram:@${name}` }]);

    expect(await answerTo(group, inPublicSupergroup(telegramGroupUpdate(group, "/start"), name))).toBe(`${help}\n\n${back(topic)}`);
  });

  it("takes back another tenant's course by the username and one by the chat id, a course naming both once", async () => {
    const group = uniqueSupergroupId();
    const name = uniqueUsername();
    const byName = await courseTo("tg-username-tenant", `@${name}`, "a");
    const byId = await courseTo("tg-username-id", group);
    const both = await courseTo("tg-username-both", [`@${name}`, group]);
    await givenUp([byName.id, byId.id, both.id], [`@${name}`, `@${name}`, group, group], "2043-03-02T08:00:00Z");
    expect((await getCourse(both.id)).stopped).toHaveLength(2);

    const reply = await answerTo(group, inPublicSupergroup(telegramGroupUpdate(group, "/start"), name));
    expect(reply.startsWith(`${help}\n\n`)).toBe(true);
    expect(
      reply
        .slice(help.length + 2)
        .split("\n\n")
        .sort(),
    ).toEqual([back(byName.topic), back(byId.topic), back(both.topic)].sort());
    for (const { id } of [byName, byId, both]) expect(await getCourse(id)).toMatchObject({ stopped: [], lastError: null });
  });

  it("given up before, noted with its capitals, is noted again in lower case by the tick after migration 8", async () => {
    const group = uniqueSupergroupId();
    const name = uniqueUsername();
    const { id, topic } = await courseTo("tg-username-old", `@${name}`);
    await givenUp([id], [`@${name}`], "2043-04-02T08:00:00Z");
    // As the registry before this fix left it: the chat noted as the course spells it, not in lower case.
    const lower = `telegram:@${name.toLowerCase()}`;
    await runInDurableObject(chatIndexShard(env, lower, shards()), async (_o, state) => {
      expect(await state.storage.delete(unreachableKey(lower))).toBe(true);
    });
    await runInDurableObject(chatIndexShard(env, `telegram:@${name}`, shards()), async (_o, state) => {
      await state.storage.put(unreachableKey(`telegram:@${name}`), true);
    });
    expect(await answerTo(group, inPublicSupergroup(telegramGroupUpdate(group, "/start"), name))).toBe(help);

    await runInDurableObject(shardHolding(env, id, shards()), async (_o, state) => {
      state.storage.sql.exec(COURSE_MIGRATIONS[7] as string);
      expect(state.storage.sql.exec("SELECT id FROM unindexed_stops WHERE id = ?", id).toArray()).toHaveLength(1);
    });
    await tick("2043-04-02T09:00:00Z");
    expect(await answerTo(group, inPublicSupergroup(telegramGroupUpdate(group, "/start"), name))).toBe(`${help}\n\n${back(topic)}`);
  });

  it("an @username's key is in lower case", () => {
    expect(indexedChat("telegram:@MyGroup")).toBe("telegram:@mygroup");
    expect(indexedChat("telegram:@mygroup")).toBe("telegram:@mygroup");
    expect(indexedChat("telegram:-1001234")).toBe("telegram:-1001234");
    expect(indexedChat("slack:C0123456789")).toBe("slack:C0123456789");
  });
});
