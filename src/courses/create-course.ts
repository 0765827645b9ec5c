// Creating a course, the one way both POST /v1/courses and Telegram's /course do it.
import type { Env } from "../env";
import { HttpError } from "../lib/http-error";
import type { Tenant } from "../lib/tenant";
import type { IdempotencyKey } from "../session/request-dedupe";
import { CourseInput } from "./course-input";

/** The single CourseRegistry (see course-registry.ts for why one). */
export function courseRegistry(env: Env) {
  return env.COURSES.get(env.COURSES.idFromName("courses"));
}

/**
 * Creates a course owned by `tenant` (its sessions and lessons are that tenant's too). A repeat of the
 * request with the same Idempotency-Key gets the course it created (`replayed`); the key with another body is 422.
 */
export async function createCourse(
  env: Env,
  input: CourseInput,
  tenant: Tenant,
  idempotencyKey?: IdempotencyKey,
): Promise<{ id: string; cron: string; replayed: boolean }> {
  const spec = CourseInput.parse(input);
  const id = `course-${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const created = await courseRegistry(env).create(id, spec, tenant, idempotencyKey);
  if ("reused" in created) {
    throw new HttpError(422, "idempotency_key_reused", "This Idempotency-Key was used with a different request body; use a new key for a new course.");
  }
  return { id: created.id, cron: spec.cron, replayed: created.replayed };
}
