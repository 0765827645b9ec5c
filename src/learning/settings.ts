// Learning's settings (docs/learning.md): how long an answer may be, when a repeat is a retry, how much
// of a learner's record a progress report and the next lesson's Recap carry, and how much one progress or
// reviews request may ask for.
import * as z from "zod";
import { int } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";

export const LearningSettings = z.object({
  /** Characters of one answer to an exercise. */
  ANSWER_MAX_CHARS: int(4000, 1, 100_000),
  /** The same answer to the same exercise within this window is a client's retry: its first result comes back, nothing is graded again. */
  ANSWER_REPEAT_WINDOW_MS: int(60_000, 0),
  /** Weak concepts a learner's progress lists at most. */
  WEAK_CONCEPTS_MAX: int(10, 1, 100),
  /** Due reviews a course's next lesson re-asks in its Recap at most (2–4 by default). */
  RECAP_MAX_REVIEWS: int(4, 1, 20),
  /** Lesson keys one progress request may narrow to (`lessons=`): a year of daily lessons; the page asks in batches of at most 100. */
  PROGRESS_LESSONS_MAX: int(366, 100, 10_000),
  /** Characters of one lesson key in `lessons=` (a saved lesson's key has at most 92). */
  PROGRESS_LESSON_KEY_MAX_CHARS: int(200, 92, 1000),
  /** Days ahead a progress report may look (`ahead=`): one entry per day. */
  PROGRESS_AHEAD_MAX_DAYS: int(60, 1, 366),
  /** Reviews one `GET /v1/learners/:id/reviews` lists at most (`limit=`). */
  REVIEWS_MAX: int(100, 1, 1000),
});

export const learningSettings = settingsLoader(LearningSettings);
