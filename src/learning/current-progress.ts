// A learner's progress as its lessons are now. A card keeps the exercise as it was last answered, but its
// lesson may have been saved again since (a question reworded, its concepts changed) or have lost it: the
// cards a report counts (due within its days ahead, or weak) are brought up to their lessons first, as the
// reviews list reads them (current-reviews.ts), so `dueReviews` is what that list would give and the weak
// concepts are those of the exercises as they are now. It stays cheap for a year of lessons: each card
// remembers the version (R2 etag) of the lesson it was read from, so an unchanged lesson costs one HEAD and
// no write; only a lesson saved again (or gone) is read, and its cards rewritten (or dropped). The saves
// cannot do it: a lesson does not know which learners have cards of it.
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { lessonExercises } from "../lessons/exercise-store";
import { withoutKey } from "../lessons/exercises";
import { objectKey } from "../lessons/store";
import { learnerStub } from "./learner-object";
import { DAY_MS, PROGRESS_DAYS, type LessonNow, type Progress, type ProgressWindow } from "./learner-store";

/**
 * Lessons one report reads at most (each up to 4 R2 calls); the others are read by the next. A request may make
 * 1000 subrequests: a year of lessons' HEADs and these fit, a year of lessons' reads (cards from before versions) would not.
 */
export const LESSON_READS_PER_REPORT = 100;

/** `window` as a number: the most weak concepts to list, over the default days back and ahead. */
export async function currentProgress(env: Env, learnerId: string, owner: Tenant, window: number | ProgressWindow, now?: number): Promise<Progress> {
  const w = typeof window === "number" ? { maxWeakConcepts: window, ...PROGRESS_DAYS } : window;
  const learner = learnerStub(env, learnerId);
  const horizon = (Math.floor((now ?? Date.now()) / DAY_MS) + w.ahead) * DAY_MS;
  let reads = 0;
  const changed = await Promise.all(
    (await learner.cardLessons(owner, horizon, w.lessons)).map(async ({ lessonKey, etag }): Promise<LessonNow | undefined> => {
      if ((etag && (await env.LESSONS.head(objectKey(lessonKey)))?.etag === etag) || ++reads > LESSON_READS_PER_REPORT) return undefined;
      // As the reviews list has it: gone, or left without an Answer Key entry, it can no longer be asked.
      const set = await lessonExercises(env.LESSONS, lessonKey, owner);
      return { lessonKey, now: set && { etag: set.lessonEtag, exercises: set.exercises.filter((e) => e.key).map(withoutKey) } };
    }),
  );
  const lessons = changed.filter((l) => l !== undefined);
  if (lessons.length) await learner.refresh(owner, lessons);
  return learner.progress(owner, w, now);
}
