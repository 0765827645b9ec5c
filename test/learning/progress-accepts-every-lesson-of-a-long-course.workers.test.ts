// GET /v1/learners/:id/progress?lessons=… for a course of a year of daily lessons: every key counts,
// whatever their number up to PROGRESS_LESSONS_MAX (SQLite in a Durable Object binds at most 100
// parameters per statement, which 100 keys or more used to exceed: a 500). Past the limits it is a 400
// that names them, and the limits are the settings' (an operator's lower one holds too).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import type { Exercise } from "../../src/lessons/exercises";
import { fromThisMachine, uniqueId } from "../support/worker-http";

const exercise: Exercise = { id: "1.1", chapter: 1, chapterTitle: "Today", type: "multiple_choice", question: "Which?", concepts: [] };
const grade = (verdict: "correct" | "incorrect") => ({ exerciseId: "1.1", verdict, score: verdict === "correct" ? 1 : 0, feedback: "-", expected: "B" });
/** A daily course's lesson keys, as long as a real title's slug makes them. */
const courseKeys = (n: number) => Array.from({ length: n }, (_, i) => `day-${i + 1}-of-a-year-long-course-on-linear-algebra.md`);

/** A learner who answered lessons 1, 120 and 366 of the course, and one lesson of another. */
async function learnerOfALongCourse(keys: string[]) {
  const id = uniqueId("yearlong");
  const stub = env.LEARNERS.getByName(id);
  for (const [lessonKey, verdict] of [
    [keys[0]!, "correct"],
    [keys[119]!, "incorrect"],
    [keys[365]!, "correct"],
    ["another-course.md", "correct"],
  ] as const)
    await stub.record(null, { lessonKey, exercise, answer: "B", grade: grade(verdict) });
  return id;
}

const progress = (id: string, keys: string[], vars: Record<string, string> = {}) =>
  createApp().fetch(
    fromThisMachine(new Request(`http://localhost/v1/learners/${id}/progress?lessons=${keys.join(",")}`)),
    { ...env, ...vars },
    createExecutionContext(),
  );

describe("progress of a long course", () => {
  it("counts every lesson of 150 and of 366 keys", async () => {
    const keys = courseKeys(366);
    const id = await learnerOfALongCourse(keys);

    const first150 = await progress(id, keys.slice(0, 150));
    expect(first150.status).toBe(200);
    expect(await first150.json()).toMatchObject({
      answered: 2,
      correct: 1,
      byLesson: expect.arrayContaining([expect.objectContaining({ lessonKey: keys[119] })]),
    });

    const year = await progress(id, keys);
    expect(year.status).toBe(200);
    const body = (await year.json()) as { answered: number; correct: number; byLesson: Array<{ lessonKey: string }> };
    expect(body).toMatchObject({ answered: 3, correct: 2 });
    expect(body.byLesson.map((l) => l.lessonKey).sort()).toEqual([keys[0], keys[119], keys[365]].sort());
  });

  it("refuses more keys, or a longer key, than the settings allow, naming the setting", async () => {
    const keys = courseKeys(367);
    const id = await learnerOfALongCourse(keys);
    const tooMany = await progress(id, keys);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toContain("PROGRESS_LESSONS_MAX (366)");

    const tooLong = await progress(id, [`${"x".repeat(201)}.md`]);
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toContain("PROGRESS_LESSON_KEY_MAX_CHARS (200)");

    // An operator's own limit is the one that holds.
    expect((await progress(id, keys.slice(0, 120), { PROGRESS_LESSONS_MAX: "100" })).status).toBe(400);
    expect((await progress(id, keys.slice(0, 100), { PROGRESS_LESSONS_MAX: "100" })).status).toBe(200);
  });
});
