// The reviews due, as their lessons have them now. A card keeps the exercise as it was last answered,
// but its lesson may have been saved again since (a question reworded) or have lost it (saved without
// it, or deleted): each due card is read against its lesson's current exercises and shown as the lesson
// has it; one that is gone, or can no longer be graded (no Answer Key entry), has its card dropped, since
// nothing can ask it again, and the next due card takes its place. The one reading of "what is due" for
// GET /v1/learners/:id/reviews, the chats' /review and a course's Recap.
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { lessonExercises } from "../lessons/exercise-store";
import { withoutKey } from "../lessons/exercises";
import { learnerStub } from "./learner-object";
import type { Review } from "./learner-store";

/** Rounds of dropping gone cards and reading again before answering with fewer than `limit`. */
const ROUNDS = 4;

/** Up to `limit` due reviews of learner `learnerId` (owned by `owner`, who reads its lessons), the longest overdue first. */
export async function currentReviews(env: Env, learnerId: string, owner: Tenant, limit: number, now?: number): Promise<Review[]> {
  const learner = learnerStub(env, learnerId);
  let current: Review[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const due = await learner.dueReviews(owner, limit, now);
    const keys = [...new Set(due.map((r) => r.lessonKey))];
    const sets = new Map(await Promise.all(keys.map(async (key) => [key, await lessonExercises(env.LESSONS, key, owner)] as const)));
    current = [];
    const gone: Review[] = [];
    for (const r of due) {
      const exercise = sets.get(r.lessonKey)?.exercises.find((e) => e.id === r.exercise.id);
      if (exercise?.key) current.push({ ...r, exercise: withoutKey(exercise) });
      else gone.push(r);
    }
    if (!gone.length) break;
    await Promise.all(gone.map((r) => learner.retire(owner, r.lessonKey, r.exercise.id)));
  }
  return current;
}
