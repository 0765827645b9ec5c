// A learner's week on a fake clock: one to four answers a day over seven UTC days, in two lessons, getting
// better as the week goes on. Shared by the progress API test (workerd) and the charts' test (Chromium).
import type { Attempt } from "../../src/learning/learner-store";
import type { Verdict } from "../../src/learning/graded-answer";
import type { Exercise } from "../../src/lessons/exercises";

export const WEEK_NOW = Date.parse("2031-03-07T20:00:00Z");
export const WEEK_LESSONS = ["derivatives.md", "integrals.md"] as const;

const exercise = (id: string, term: string): Exercise => ({
  id,
  chapter: 1,
  chapterTitle: "Chapter",
  type: "multiple_choice",
  question: `Question ${id}`,
  concepts: [{ term, meaning: `What ${term} means` }],
});

/** Per day (1 March to 7 March): [lesson, exercise, concept, verdict] of each answer. */
const DAYS: Array<Array<[number, string, string, Verdict]>> = [
  [[0, "1.1", "Derivative", "incorrect"]],
  [
    [0, "1.1", "Derivative", "incorrect"],
    [0, "1.2", "Power rule", "correct"],
  ],
  [],
  [
    [0, "1.3", "Chain rule", "incorrect"],
    [1, "1.1", "Antiderivative", "partial"],
    [1, "1.2", "Area", "correct"],
  ],
  [
    [0, "1.1", "Derivative", "correct"],
    [1, "1.1", "Antiderivative", "incorrect"],
  ],
  [
    [0, "1.3", "Chain rule", "incorrect"],
    [1, "1.3", "Substitution", "correct"],
    [1, "1.2", "Area", "correct"],
    [0, "1.2", "Power rule", "correct"],
  ],
  [
    [1, "1.1", "Antiderivative", "correct"],
    [0, "1.3", "Chain rule", "incorrect"],
  ],
];

export function weekOfAnswers(): Array<{ attempt: Attempt; at: number }> {
  return DAYS.flatMap((answers, d) =>
    answers.map(([lesson, id, term, verdict], i) => ({
      at: Date.parse(`2031-03-0${d + 1}T${String(8 + i).padStart(2, "0")}:00:00Z`),
      attempt: {
        lessonKey: WEEK_LESSONS[lesson]!,
        exercise: exercise(id, term),
        answer: "x",
        grade: { exerciseId: id, verdict, score: verdict === "correct" ? 1 : verdict === "partial" ? 0.5 : 0, feedback: "-", expected: "B" },
      },
    })),
  );
}

/** Answers per day of the week, as the progress report should count them. */
export const WEEK_DAILY = DAYS.map((answers, d) => ({
  day: `2031-03-0${d + 1}`,
  answered: answers.length,
  correct: answers.filter((a) => a[3] === "correct").length,
}));

/**
 * One of the week's lessons as a lesson document, its exercises those the week answers, each about its
 * concept: stored under its key, the week's review cards are those of a lesson that exists, so a progress
 * read against the lessons (src/learning/current-progress.ts) keeps them.
 */
export function weekLesson(lessonKey: (typeof WEEK_LESSONS)[number]): string {
  const lesson = WEEK_LESSONS.indexOf(lessonKey);
  const exercises = new Map(DAYS.flat().flatMap(([l, id, term]) => (l === lesson ? [[id, term] as const] : [])));
  const ids = [...exercises.keys()].sort();
  return [
    `# ${lessonKey}`,
    "## Chapter 1: Chapter",
    "### Key Concepts",
    "| Concept | Meaning |",
    "|---|---|",
    ...ids.map((id) => `| ${exercises.get(id)} | What ${exercises.get(id)} means |`),
    "### Exercises",
    ...ids.flatMap((id) => [`#### Exercise ${id} (Short answer)`, `Question ${id}: what is ${exercises.get(id)}?`, ""]),
    "## Answer Key",
    ...ids.flatMap((id) => [`### Exercise ${id}`, "**Answer:** B", ""]),
  ].join("\n");
}
