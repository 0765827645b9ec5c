// A chat that is back takes back what the courses gave up of it (docs/courses.md#resuming): Telegram's /start,
// which is what its Restart button sends once a person unblocks the bot, proves the chat can be reached again.
// Courses of every tenant are resumed, not only the chat's own: a target was given up because the chat could
// not be reached, which is the chat's state, not its owner's choice, and the person's restart ends it; the
// owner of an API course had no other way to learn that the chat is back.
//
// Cheap when nothing was given up (nearly every /start): each chat some course gave up is noted on one shard
// (chatIndexShard, by its key) before the stop is recorded, so a /start asks that one shard, and only a noted
// chat has every shard look at its courses. A public supergroup's /start asks for its @username too (Telegram gives
// up such a target naming no chat id), on that key's shard: at most one more call, made at the same time.
import { courseTargets } from "../delivery/course-delivery";
import type { Env } from "../env";
import type { CourseSummary } from "./course-registry";
import type { CourseStore } from "./course-store";
import { allCourseShards, chatIndexShard, chatIndexShardOf, courseShard } from "./course-shards";
import { courseSettings } from "./settings";

/** A course that took a chat back: what the chat says of it (nextLessonAt null or past: at the next tick), in its language if recorded. */
export type ResumedCourse = Pick<CourseSummary, "id" | "topic" | "nextLessonAt" | "language">;

const shards = (env: Env) => courseSettings(env).COURSE_SHARDS;

/** The index entry of chat `chat` (chatKeyOf) on its shard: a key of the shard's key-value storage. */
export const unreachableKey = (chat: string) => `unreachable:${chat}`;

/**
 * The chat a key names, as the platform writes its id: a course stored before targets were checked may name chat 42
 * as "042" (or -42 as "-042"), which chat 42's /start (a number) must find. Ids of no platform begin with a 0. A
 * public chat's @username in lower case: Telegram's are case-insensitive ("@MyGroup" is the update's "mygroup").
 */
export const indexedChat = (chat: string) => chat.replace(/^([^:]*:-?)0+(?=\d)/, "$1").replace(/:@.*/, (name) => name.toLowerCase());

/** Notes on its index shard that a course gives chat `chat` (chatKeyOf) up: called before the stop is recorded. */
export const noteUnreachable = (env: Env, chat: string) => {
  const key = indexedChat(chat);
  return chatIndexShard(env, key, shards(env)).noteUnreachable(key);
};

/**
 * A chat that is back (chatKeyOf; also by its @username, when it has one): every course that gave it up takes it back.
 * One call per index shard of its keys, together: one call when they share one; a course back under both keys is one.
 */
export async function resumeChat(env: Env, ...chats: string[]): Promise<ResumedCourse[]> {
  const byShard = new Map<number, string[]>();
  for (const chat of new Set(chats.map(indexedChat))) {
    const shard = chatIndexShardOf(chat, shards(env));
    byShard.set(shard, [...(byShard.get(shard) ?? []), chat]);
  }
  const resumed = await Promise.all([...byShard].map(([shard, keys]) => courseShard(env, shard).resumeChat(keys)));
  return [...new Map(resumed.flat().map((c) => [c.id, c])).values()];
}

/** On the chats' index shard: each one noted is taken back by every shard (noted again if one fails, so a retry finds it). */
export async function resumeNoted(env: Env, storage: DurableObjectStorage, chats: string[]): Promise<ResumedCourse[]> {
  const noted: string[] = [];
  for (const chat of chats) if (await storage.delete(unreachableKey(chat))) noted.push(chat);
  try {
    return (await Promise.all(noted.flatMap((chat) => allCourseShards(env, shards(env)).map((s) => s.resumeChatHere(chat))))).flat();
  } catch (e) {
    for (const chat of noted) await storage.put(unreachableKey(chat), true);
    throw e;
  }
}

/** This shard's courses that gave chat `chat` up take it back (their other stopped targets stay stopped); their ids. */
export function resumeHere(store: CourseStore, chat: string): string[] {
  return store.coursesStoppedIn(chat).flatMap((course) => {
    const keys = courseTargets(course.deliver)
      .filter((t) => indexedChat(t.chat) === chat && course.stopped.some((s) => s.target === t.key))
      .map((t) => t.key);
    if (keys.length === 0) return [];
    store.resumeTargets(course.id, keys);
    return [course.id];
  });
}

/**
 * Notes the chats of the targets given up before the index was kept (course migration 6 listed their courses), and
 * of those noted under a chat id spelled with leading zeros (migration 7), once per course.
 */
export async function indexOldStops(env: Env, store: CourseStore, sql: SqlStorage): Promise<void> {
  for (const { id } of sql.exec<{ id: string }>("SELECT id FROM unindexed_stops").toArray()) {
    const course = store.course(id);
    for (const t of course ? courseTargets(course.deliver) : []) if (course!.stopped.some((s) => s.target === t.key)) await noteUnreachable(env, t.chat);
    sql.exec("DELETE FROM unindexed_stops WHERE id = ?", id);
  }
}
