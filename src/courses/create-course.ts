// Creating a course, the one way both POST /v1/courses and Telegram's /course do it.
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { CourseInput } from "./course-input";

/** The single CourseRegistry (see course-registry.ts for why one). */
export function courseRegistry(env: Env) {
  return env.COURSES.get(env.COURSES.idFromName("courses"));
}

/** Creates a course owned by `tenant` (its sessions and lessons are that tenant's too). */
export async function createCourse(env: Env, input: CourseInput, tenant: Tenant): Promise<{ id: string; cron: string }> {
  const spec = CourseInput.parse(input);
  const id = `course-${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await courseRegistry(env).create(id, spec, tenant);
  return { id, cron: spec.cron };
}
