// Where a course lives: one of COURSE_SHARDS CourseRegistry objects, chosen by a stable hash of its
// id, so each object holds ~1/N of the courses and a tick's work is split N ways in parallel
// (docs/courses.md, "Shards"). An Idempotency-Key picks its shard by the same hash, and the course it
// creates is given an id that lands on that shard, so the key and its course are claimed together.
import type { Env } from "../env";
import { derivedId } from "../lib/derived-ids";
import type { Tenant } from "../lib/tenant";

/** FNV-1a (32 bit): stable across deployments and runtimes, and cheap. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const shardOf = (courseId: string, shards: number): number => fnv1a(courseId) % shards;

/** The shard that remembers an Idempotency-Key of `tenant` (and holds the course the key creates). */
export const keyShardOf = (tenant: Tenant, key: string, shards: number): number => fnv1a(`${tenant ?? ""}\n${key}`) % shards;

/** The shard that keeps the index entry of chat `chat` (chatKeyOf) while a course gave it up (chat-resume.ts). */
export const chatIndexShardOf = (chat: string, shards: number) => fnv1a(`chat\n${chat}`) % shards;
export const chatIndexShard = (env: Env, chat: string, shards: number) => courseShard(env, chatIndexShardOf(chat, shards));

export const courseShard = (env: Env, index: number) => env.COURSES.getByName(`courses-${index}`);

/** The shard holding course `courseId`. */
export const shardHolding = (env: Env, courseId: string, shards: number) => courseShard(env, shardOf(courseId, shards));

export const allCourseShards = (env: Env, shards: number) => Array.from({ length: shards }, (_, i) => courseShard(env, i));

/** A new course id; on shard `shard` when given (about `shards` random draws, each a hash of ~20 chars). */
export function newCourseId(shards: number, shard?: number): string {
  for (;;) {
    const id = derivedId("course", crypto.randomUUID().replaceAll("-", "").slice(0, 12));
    if (shard === undefined || shardOf(id, shards) === shard) return id;
  }
}
