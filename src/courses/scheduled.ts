// The Worker's cron handler (wrangler.toml [triggers]): one tick of the course scheduler, fanned out
// to every CourseRegistry shard in parallel. Each shard only claims its due courses (an indexed query)
// and starts their work, so it returns quickly; the scheduled time, not the wall clock, decides the
// period, so a late tick still counts for its hour.
import type { Env } from "../env";
import { allCourseShards } from "./course-shards";
import { courseSettings } from "./settings";

export async function tickCourses(env: Env, scheduledTime: number): Promise<string[]> {
  const started = await Promise.all(allCourseShards(env, courseSettings(env).COURSE_SHARDS).map((shard) => shard.tick(scheduledTime)));
  return started.flat();
}
