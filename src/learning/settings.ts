// Learning's settings (docs/learning.md): how long an answer may be, when a repeat is a retry, and how
// much of a learner's record a progress report and the next lesson's Recap carry.
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
});

export const learningSettings = settingsLoader(LearningSettings);
