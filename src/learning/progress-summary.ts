// A learner's progress in a few lines, for /progress in the chats (the page draws it as charts), in the
// person's language (learner-phrases.ts).
import { fill } from "../lib/phrase-book";
import type { LearnerPhrases } from "../lessons/learner-phrases";
import type { Progress } from "./learner-store";

/** `n` of a thing in words: its `one` phrase, or its `many` with the number. */
export const count = (n: number, one: string, many: string) => (n === 1 ? one : fill(many, { n }));

export function progressSummary(p: Progress | null, say: LearnerPhrases): string {
  if (!p || p.answered === 0) return say.progressNone;
  const week = p.daily.slice(-7);
  const thisWeek = week.reduce((n, d) => n + d.answered, 0);
  // reviewsAhead's first day holds those due now too: the coming ones are the rest ("3 due now, 2 more this week").
  const coming = p.reviewsAhead.reduce((n, d) => n + d.due, 0) - p.dueReviews;
  const lines = [
    fill(say.progressAnswers, { answers: count(p.answered, say.answerOne, say.answerMany), correct: p.correct, percent: Math.round(p.accuracy * 100) }),
    fill(say.progressWeek, { answers: count(thisWeek, say.answerOne, say.answerMany), days: count(p.streakDays, say.dayOne, say.dayMany) }),
    fill(say.progressReviews, {
      due: p.dueReviews,
      ahead: Math.max(0, coming),
      days: count(p.reviewsAhead.length, say.dayOne, say.dayMany),
      review: p.dueReviews ? say.reviewHint : "",
    }),
  ];
  if (p.weakConcepts.length)
    lines.push(
      fill(say.worthALook, {
        concepts: p.weakConcepts
          .slice(0, 5)
          .map((c) => c.term)
          .join(", "),
      }),
    );
  return lines.join("\n");
}
