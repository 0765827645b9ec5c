// The courses' settings (docs/courses.md).
import * as z from "zod";
import { int } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";

export const CourseSettings = z.object({
  /** CourseRegistry objects the courses are spread over by a hash of their id; fixed once courses exist (docs/courses.md#shards). */
  COURSE_SHARDS: int(16, 1, 1024),
  /** How many days after its period began a lesson whose delivery failed is still sent, before the next one (docs/courses.md#late-lessons). */
  COURSE_LATE_LESSON_DAYS: int(7, 0, 365),
});

export const courseSettings = settingsLoader(CourseSettings);
