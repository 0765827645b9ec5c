// When an exercise comes back: FSRS (the Free Spaced Repetition Scheduler, the algorithm Anki ships),
// through its maintained TypeScript implementation ts-fsrs. A verdict is a rating (correct: Good,
// partial: Hard, incorrect: Again). Same-day learning steps are off, so intervals are whole days:
// a missed exercise is due the next day, a right answer pushes it out by days to months.
import { createEmptyCard, fsrs, generatorParameters, Rating, type CardInput, type Grade as Rating4 } from "ts-fsrs";
import type { Verdict } from "./graded-answer";

/** A card as stored: ts-fsrs's Card with its dates as ISO strings (CardInput accepts them back). */
export type ReviewCard = CardInput & { due: string; last_review?: string | null };

const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

const RATING: Record<Verdict, Rating4> = { correct: Rating.Good, partial: Rating.Hard, incorrect: Rating.Again };

/** The card after an answer with `verdict` at `now`; a first answer starts from a new card. */
export function reviewed(card: ReviewCard | undefined, verdict: Verdict, now: Date): ReviewCard {
  const next = scheduler.next(card ?? createEmptyCard(now), now, RATING[verdict]).card;
  return { ...next, due: next.due.toISOString(), last_review: next.last_review?.toISOString() ?? null };
}
