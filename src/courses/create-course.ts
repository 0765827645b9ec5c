// Creating a course, the one way POST /v1/courses, MCP's create_course and the chats' /course do it.
import * as z from "zod";
import type { Env } from "../env";
import { refuse, type Outcome } from "../lib/outcome";
import type { Tenant } from "../lib/tenant";
import type { IdempotencyKey } from "../lib/idempotency-key";
import { CourseInput } from "./course-input";
import { keyShardOf, newCourseId, shardHolding } from "./course-shards";
import { courseSettings } from "./settings";

/**
 * Creates a course owned by `tenant` (its sessions and lessons are that tenant's too). A repeat of the
 * request with the same Idempotency-Key gets the course it created (`replayed`); the key with another body is refused.
 * With a key, the course is created on the key's shard, which checks and remembers the key in the same step.
 * Input that is not a course (a chat's /course topic over 500 characters) is refused with what is wrong,
 * for the caller to say, rather than thrown as a failure of ours.
 */
export async function createCourse(
  env: Env,
  input: CourseInput,
  tenant: Tenant,
  idempotencyKey?: IdempotencyKey,
): Promise<Outcome<{ id: string; cron: string; replayed: boolean }, "idempotency_key_reused" | "invalid_request">> {
  const parsed = CourseInput.safeParse(input);
  if (!parsed.success) return refuse("invalid_request", `The course was not created: ${z.prettifyError(parsed.error)}`);
  const spec = parsed.data;
  const shards = courseSettings(env).COURSE_SHARDS;
  const shard = idempotencyKey ? keyShardOf(tenant, idempotencyKey.key, shards) : undefined;
  const id = newCourseId(shards, shard);
  const created = await shardHolding(env, id, shards).create(id, spec, tenant, idempotencyKey);
  return created.ok ? { ...created, cron: spec.cron } : created;
}
