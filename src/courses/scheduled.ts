// The Worker's cron handler (wrangler.toml [triggers]): one tick of the course scheduler. The tick
// only claims due courses and starts their work inside the CourseRegistry, so it returns quickly;
// the scheduled time, not the wall clock, decides the period, so a late tick still counts for its hour.
import type { Env } from "../env";
import { courseRegistry } from "./create-course";

export async function tickCourses(env: Env, scheduledTime: number): Promise<string[]> {
  return courseRegistry(env).tick(scheduledTime);
}
