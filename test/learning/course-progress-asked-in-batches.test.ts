// The page's progress for a year-long course (366 lessons with long keys): public/js/api.js asks in
// batches that each fit a URL and the server's key limit, and their reports add up to the report one
// request for every key gives. The server here is the learner's real store on Node's SQLite.
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEARNER_MIGRATIONS } from "../../src/learning/learner-schema";
import { LearnerStore, type Progress } from "../../src/learning/learner-store";
import type { Verdict } from "../../src/learning/graded-answer";
import { fromRoot } from "../support/paths";
import { nodeSqlStorage } from "../support/sqlite-storage";

/** The page's API client (plain JS), as far as this test uses it. */
type PageApi = { learnerProgress(learnerId: string, lessons?: string[]): Promise<Progress> };
const { createApi } = (await import(pathToFileURL(fromRoot("public/js/api.js")).href)) as { createApi: (o: { baseUrl: string }) => PageApi };

const NOW = Date.parse("2031-03-07T20:00:00Z");
const DAY = 86_400_000;
/** Keys as long as a lesson key gets (an 80-character slug): 366 of them make a 31 KB query. */
const keys = Array.from({ length: 366 }, (_, i) => `${"a-year-of-linear-algebra-".repeat(3).slice(0, 72)}-day-${i + 1}.md`);

function storeWithAnswers(): LearnerStore {
  const sql = nodeSqlStorage();
  for (const migration of LEARNER_MIGRATIONS) sql.exec(migration as string);
  const store = new LearnerStore(sql);
  store.claim(null);
  const verdicts: Verdict[] = ["correct", "incorrect", "partial"];
  [0, 57, 119, 200, 301, 365].forEach((lesson, n) => {
    for (const id of ["1.1", "1.2"]) {
      const verdict = verdicts[(n + id.length + Number(id.at(-1))) % 3]!;
      const exercise = {
        id,
        chapter: 1,
        chapterTitle: "Day",
        type: "short_answer" as const,
        question: "?",
        concepts: [{ term: `Idea ${lesson}.${id}`, meaning: "-" }],
      };
      const grade = { exerciseId: id, verdict, score: verdict === "correct" ? 1 : 0, feedback: "-", expected: "-" };
      store.record({ lessonKey: keys[lesson]!, exercise, answer: "x", grade }, NOW - (n % 4) * DAY - Number(id.at(-1)) * 60_000);
    }
  });
  store.record(
    {
      lessonKey: "another-course.md",
      exercise: { id: "1.1", chapter: 1, chapterTitle: "-", type: "short_answer", question: "?", concepts: [] },
      answer: "x",
      grade: { exerciseId: "1.1", verdict: "correct", score: 1, feedback: "-", expected: "-" },
    },
    NOW,
  );
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe("a long course's progress on the page", () => {
  it("asks in batches that fit, and adds them up to the report of every key at once", async () => {
    const store = storeWithAnswers();
    const report = (lessons: string[]): Progress => store.progress(NOW, { maxWeakConcepts: 1000, days: 30, ahead: 7, lessons });
    const asked: Array<{ urlLength: number; keys: number }> = [];
    vi.stubGlobal("fetch", async (url: string) => {
      const lessons = (new URL(url).searchParams.get("lessons") ?? "").split(",").filter(Boolean);
      asked.push({ urlLength: url.length, keys: lessons.length });
      return Response.json(report(lessons));
    });

    const progress = await createApi({ baseUrl: "https://agent.example" }).learnerProgress("alice", keys);

    expect(asked.length).toBeGreaterThan(1);
    expect(asked.reduce((n, a) => n + a.keys, 0)).toBe(366);
    for (const a of asked) {
      expect(a.keys).toBeLessThanOrEqual(100);
      expect(a.urlLength).toBeLessThan(8000);
    }
    const whole = report(keys);
    // A report with something in every part to add up.
    expect(whole).toMatchObject({ answered: 12, weakConcepts: expect.arrayContaining([expect.anything()]) });
    expect(whole.daily.filter((d) => d.answered > 0).length).toBeGreaterThan(1);
    expect(whole.reviewsAhead.some((d) => d.due > 0)).toBe(true);
    const { byLesson, ...rest } = progress;
    const { byLesson: wholeByLesson, ...wholeRest } = whole;
    expect(rest).toEqual(wholeRest);
    expect(byLesson.map((l) => l.lessonKey).sort()).toEqual(wholeByLesson.map((l) => l.lessonKey).sort());
  });

  it("asks once for a short course", async () => {
    const store = storeWithAnswers();
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return Response.json(store.progress(NOW, { maxWeakConcepts: 10, days: 30, ahead: 7, lessons: keys.slice(0, 20) }));
    });
    await createApi({ baseUrl: "https://agent.example" }).learnerProgress("alice", keys.slice(0, 20));
    expect(asked).toHaveLength(1);
  });
});
