// One progress report of several learners: a chat's /progress and quiz summary count the chat's own answers
// and those of the courses whose quizzes were taken there (chat-quiz.ts). Reports of the same window add up
// day by day; the weak concepts are the most missed of all.
import type { DayOfAnswers, Progress } from "./learner-store";

export function mergedProgress(reports: Progress[], maxWeakConcepts: number): Progress {
  const [first, ...rest] = reports;
  if (!first || !rest.length) return first!;
  const sum = (f: (p: Progress) => number) => reports.reduce((n, p) => n + f(p), 0);
  const answered = sum((p) => p.answered);
  const correct = sum((p) => p.correct);
  const daily = first.daily.map((d, i) => ({ ...d, answered: sum((p) => p.daily[i]!.answered), correct: sum((p) => p.daily[i]!.correct) }));
  return {
    answered,
    correct,
    accuracy: answered ? Math.round((correct / answered) * 1000) / 1000 : 0,
    // Days with an answer to any of them; past the window's days no report says which days the others had.
    streakDays: Math.max(streakOf(daily), ...reports.map((p) => p.streakDays)),
    dueReviews: sum((p) => p.dueReviews),
    byLesson: reports.flatMap((p) => p.byLesson).sort((a, b) => b.lastAnsweredAt.localeCompare(a.lastAnsweredAt)),
    weakConcepts: reports
      .flatMap((p) => p.weakConcepts)
      .sort((a, b) => b.misses - a.misses || a.term.localeCompare(b.term))
      .slice(0, maxWeakConcepts),
    daily,
    reviewsAhead: first.reviewsAhead.map((d, i) => ({ ...d, due: sum((p) => p.reviewsAhead[i]!.due) })),
  };
}

/** Consecutive days with an answer up to the last (or the one before, when the last has none yet). */
function streakOf(daily: DayOfAnswers[]): number {
  let end = daily.length - 1;
  if (!daily[end]?.answered) end--;
  let streak = 0;
  while (end - streak >= 0 && daily[end - streak]!.answered) streak++;
  return streak;
}
