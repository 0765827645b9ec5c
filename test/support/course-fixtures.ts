// Courses for tests inside workerd: create one through the API and wait for its syllabus; the scripted
// replies of its runs are in course-script.ts (Node tests use them too).
import { expect } from "vitest";
import type { CourseView } from "../../src/courses/course-registry";
import { lessonReplies, SYLLABUS_REPLY } from "./course-script";
import { tick } from "./course-tick";
import { script } from "./model-control";
import { failNextCalls, waitFor } from "./platform-control";
import { uniqueChannel } from "./slack-requests";
import { call, uniqueId } from "./worker-http";

export { lessonMarkdown, lessonReplies, SYLLABUS, SYLLABUS_REPLY } from "./course-script";

export async function getCourse(id: string): Promise<CourseView> {
  const res = await call(`/v1/courses/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CourseView;
}

/** Creates a course and waits until its syllabus is planned. */
export async function createPlannedCourse(body: Record<string, unknown>): Promise<CourseView> {
  const res = await call("/v1/courses", { method: "POST", json: body });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return waitFor(async () => {
    const course = await getCourse(id);
    return course.status !== "planning" && course;
  }, "the syllabus");
}

/** The course a chat's /course confirmation ("… (id course-…)") names, once its syllabus is planned. */
export async function confirmedCourse(reply: string): Promise<CourseView> {
  const id = /\((?:id )?(course-[0-9a-f]{12})\)/.exec(reply)?.[1];
  expect(id, reply).toBeDefined();
  return waitFor(async () => {
    const course = await getCourse(id!);
    return course.status === "active" && course;
  }, "the planned course");
}

/** Waits until the course has `n` lessons and nothing is in progress for the last (delivered or failed). */
export function waitForLessons(id: string, n: number): Promise<CourseView> {
  return waitFor(async () => {
    const course = await getCourse(id);
    return course.lessons.length === n && course.lessons.every((l) => l.deliveredAt) && course;
  }, `${n} delivered lesson(s)`);
}

/**
 * A Slack course whose channel is gone at its first lesson (the tick at `at`): stopped (no_reachable_target),
 * with lesson 1 undelivered; its model key scripts two lessons, for after a resume; `spec` adds to the course (its
 * language). The caller deletes it.
 */
export async function stoppedCourse(name: string, at: string, spec: Record<string, unknown> = {}) {
  const key = uniqueId(name);
  const lessons = ["What a vector is", "Adding vectors"].flatMap((title, i) => lessonReplies(uniqueId(`${name}-${i + 1}`), title));
  const marker = await script(key, [SYLLABUS_REPLY, ...lessons]);
  const channel = uniqueChannel();
  const planned = await createPlannedCourse({ topic: `${marker} Vectors`, deliver: [{ platform: "slack", to: channel }], ...spec });
  await failNextCalls("slack", channel, 1, { description: "channel_not_found" });
  await tick(at);
  await waitFor(async () => (await getCourse(planned.id)).lastError?.code === "no_reachable_target", "the course stopped");
  return { id: planned.id, key, channel };
}
