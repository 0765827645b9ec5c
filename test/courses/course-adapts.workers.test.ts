// A course adapts to its learner: once answers to its lessons come in (sessionId = the course id),
// the next lesson request carries the due reviews (for the Recap) and the weak concepts, and the
// course shows the learner's progress; before any answer the request is as it always was.
import { env } from "cloudflare:workers";
import type { CourseView } from "../../src/courses/course-registry";
import type { Progress } from "../../src/learning/learner-store";
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { requests, script } from "../support/model-control";
import { putLesson } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

const HOUR = 3_600_000;
const progressOf = async (id: string) => ((await getCourse(id)) as CourseView & { progress: Progress }).progress;

describe("a course that adapts", () => {
  it("asks for the next lesson with the learner's due reviews and weak concepts, and shows progress", async () => {
    const key = uniqueId("course-adapts");
    const marker = await script(key, [
      SYLLABUS_REPLY,
      ...lessonReplies(uniqueId("vectors-one"), "What a vector is"),
      ...lessonReplies(uniqueId("vectors-two"), "Adding vectors"),
    ]);
    const course = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: 5151 } });
    created.push(course.id);
    expect(await progressOf(course.id)).toMatchObject({ answered: 0, dueReviews: 0, weakConcepts: [] });

    // No answers yet: the lesson request is as before.
    const start = Date.now();
    await tick(new Date(start));
    await waitForLessons(course.id, 1);
    const first = JSON.stringify((await requests(key)).requests[1]!.messages);
    expect(first).toContain("Today: lesson 1 of 3");
    expect(first).not.toContain("Due for review");
    expect(first).not.toContain("Weak concepts");

    // The learner answers a lesson's exercises: one right, two missed.
    const lessonKey = `${uniqueId("quiz")}.md`;
    await putLesson(env.LESSONS, lessonKey);
    const answer = (exercise: string, text: string) =>
      call(`/v1/lessons/${lessonKey}/answers`, { method: "POST", json: { exercise, answer: text, sessionId: course.id } });
    expect((await answer("1.1", "B")).status).toBe(200);
    expect((await answer("1.2", "D")).status).toBe(200);
    // A fill-in answer the key does not settle is the model grader's to judge (docs/learning.md).
    const grader = await script(uniqueId("adapts-grade"), [
      { toolCalls: [{ name: "grade", args: { verdict: "incorrect", score: 0, feedback: "The power rule also multiplies by 5." } }] },
    ]);
    expect((await answer("1.3", `${grader} x^4`)).status).toBe(200);
    const progress = await progressOf(course.id);
    expect(progress).toMatchObject({ answered: 3, correct: 1, byLesson: [expect.objectContaining({ lessonKey })] });

    // A day and a half later the missed ones are due (the right one is not): the request carries them.
    await tick(new Date(start + 36 * HOUR));
    await waitForLessons(course.id, 2);
    const second = JSON.stringify((await requests(key)).requests[3]!.messages);
    expect(second).toContain("Today: lesson 2 of 3");
    expect(second).toContain("Due for review");
    expect(second).toContain(`${lessonKey} exercise 1.2 (multiple choice, last answer incorrect): Which is the slope of the tangent line of $x^2$ at $x = 1$?`);
    expect(second).toContain(`${lessonKey} exercise 1.3 (fill in, last answer incorrect)`);
    expect(second).not.toContain(`${lessonKey} exercise 1.1`);
    expect(second).toContain("Weak concepts");
    expect(second).toContain("- Tangent line: The line that touches a curve at one point with the same slope");
    expect(second).toContain("- Power rule:");
  });
});
