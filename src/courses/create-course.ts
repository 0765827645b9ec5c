// Creating a course, the one way both POST /v1/courses and Telegram's /course do it.
import type { Env } from "../env";
import { HttpError } from "../lib/http-error";
import type { Tenant } from "../lib/tenant";
import type { IdempotencyKey } from "../lib/idempotency-key";
import { CourseInput } from "./course-input";
import { keyShardOf, newCourseId, shardHolding } from "./course-shards";
import { courseSettings } from "./settings";

/**
 * Creates a course owned by `tenant` (its sessions and lessons are that tenant's too). A repeat of the
 * request with the same Idempotency-Key gets the course it created (`replayed`); the key with another body is 422.
 * With a key, the course is created on the key's shard, which checks and remembers the key in the same step.
 */
export async function createCourse(
  env: Env,
  input: CourseInput,
  tenant: Tenant,
  idempotencyKey?: IdempotencyKey,
): Promise<{ id: string; cron: string; replayed: boolean }> {
  const spec = CourseInput.parse(input);
  const shards = courseSettings(env).COURSE_SHARDS;
  const shard = idempotencyKey ? keyShardOf(tenant, idempotencyKey.key, shards) : undefined;
  const id = newCourseId(shards, shard);
  const created = await shardHolding(env, id, shards).create(id, spec, tenant, idempotencyKey);
  if ("reused" in created) {
    throw new HttpError(422, "idempotency_key_reused", "This Idempotency-Key was used with a different request body; use a new key for a new course.");
  }
  return { id: created.id, cron: spec.cron, replayed: created.replayed };
}
