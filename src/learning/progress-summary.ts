// A learner's progress in a few lines, for /progress in the chats (the page draws it as charts).
import type { Progress } from "./learner-store";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function progressSummary(p: Progress | null): string {
  if (!p || p.answered === 0) return "No answers yet. Ask me for a lesson (/lesson <topic>), then take its quiz (/quiz).";
  const week = p.daily.slice(-7);
  const thisWeek = week.reduce((n, d) => n + d.answered, 0);
  const dueThisWeek = p.reviewsAhead.reduce((n, d) => n + d.due, 0);
  const lines = [
    `Your progress: ${plural(p.answered, "answer")}, ${p.correct} correct (${Math.round(p.accuracy * 100)} %).`,
    `This week: ${plural(thisWeek, "answer")}; streak ${plural(p.streakDays, "day")}.`,
    `Reviews: ${p.dueReviews} due now, ${dueThisWeek} in the coming ${plural(p.reviewsAhead.length, "day")}${p.dueReviews ? " (/review)" : ""}.`,
  ];
  if (p.weakConcepts.length)
    lines.push(
      `Worth another look: ${p.weakConcepts
        .slice(0, 5)
        .map((c) => c.term)
        .join(", ")}.`,
    );
  return lines.join("\n");
}
