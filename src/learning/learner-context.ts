// What a course's next lesson should know of its learner: the exercises due for review (the daily
// lesson re-asks them in its `## Recap`) and the weak concepts (it revisits them). Nothing when the
// learner has answered nothing, so such a course's lessons are asked for as before.
import type { Env } from "../env";
import type { Tenant } from "../lib/tenant";
import { currentProgress } from "./current-progress";
import { currentReviews } from "./current-reviews";
import type { Review, WeakConcept } from "./learner-store";
import { learningSettings } from "./settings";

export interface LearnerContext {
  reviews: Review[];
  weakConcepts: WeakConcept[];
}

/** `owner`: the tenant the learner belongs to (a course's). */
export async function learnerContext(env: Env, learnerId: string, owner: Tenant, now: number): Promise<LearnerContext | undefined> {
  const config = learningSettings(env);
  // The weak concepts of the exercises as their lessons have them now (a reworded one's new concepts).
  const progress = await currentProgress(env, learnerId, owner, config.WEAK_CONCEPTS_MAX, now);
  if (!progress.answered) return undefined;
  // As the lessons have them now, so the Recap re-asks no question the lesson has reworded or dropped.
  const reviews = await currentReviews(env, learnerId, owner, config.RECAP_MAX_REVIEWS, now);
  return { reviews, weakConcepts: progress.weakConcepts };
}

/** The lines a lesson request carries about the learner (the daily-lesson skill says what to do with them). */
export function learnerContextLines(context: LearnerContext | undefined): string[] {
  if (!context || (!context.reviews.length && !context.weakConcepts.length)) return [];
  const lines: string[] = [];
  if (context.reviews.length) {
    lines.push(`Due for review (the learner's own exercises, missed or due again; re-ask each in new words in the Recap):`);
    for (const r of context.reviews) {
      const e = r.exercise;
      const options = e.options?.map((o) => `${o.letter}. ${o.text}`).join(" | ");
      lines.push(
        `- ${r.lessonKey} exercise ${e.id} (${e.type.replace("_", " ")}, last answer ${r.lastVerdict}): ${oneLine(e.question)}${options ? ` [${options}]` : ""}`,
      );
    }
  }
  if (context.weakConcepts.length) {
    lines.push(`Weak concepts (missed in earlier exercises; revisit them where today's idea allows):`);
    for (const c of context.weakConcepts) lines.push(`- ${c.term}: ${c.meaning}`);
  }
  return lines;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
