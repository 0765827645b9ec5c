// What PATCH /v1/courses/:id takes: {"resume": true} and nothing else. The other fields are refused by name
// rather than half done: topic, level and language shaped the syllabus planned at creation (changing them would
// not re-plan it), the schedule's periods are the key that keeps a period to one lesson, and a target's lessons
// so far are recorded under it (docs/courses.md#resuming).
import * as z from "zod";

export const CoursePatch = z.strictObject(
  { resume: z.literal(true, 'resume must be true: {"resume": true} is the only change a course takes') },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `${issue.keys.map((k) => JSON.stringify(k)).join(", ")} cannot be changed: a course takes only {"resume": true}; create a new course for another topic, level, language, schedule or targets`
        : undefined,
  },
);
