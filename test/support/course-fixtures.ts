// Courses for tests inside workerd: create one through the API and wait for its syllabus, and the
// scripted replies of a lesson run (save_document, then the summary that gets delivered).
import { expect } from "vitest";
import type { CourseView } from "../../src/courses/course-registry";
import { waitFor } from "./platform-control";
import { call } from "./worker-http";

export const SYLLABUS_REPLY = { text: "Here is the plan:\n1. What a vector is\n2. **Adding vectors**\n3) The dot product" };
export const SYLLABUS = ["What a vector is", "Adding vectors", "The dot product"];

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

/** Waits until the course has `n` lessons and nothing is in progress for the last (delivered or failed). */
export function waitForLessons(id: string, n: number): Promise<CourseView> {
  return waitFor(async () => {
    const course = await getCourse(id);
    return course.lessons.length === n && course.lessons.every((l) => l.deliveredAt) && course;
  }, `${n} delivered lesson(s)`);
}

export const lessonMarkdown = (title: string) =>
  `# Vectors — ${title}\n\n## Chapter 1: ${title}\n\n### Objectives\n- Explain ${title.toLowerCase()}.\n\n### Summary\nA vector has a size and a direction.\n`;

/** A lesson run: the model saves the lesson under `filename`, then writes the summary that is delivered. */
export function lessonReplies(filename: string, title: string) {
  return [
    { toolCalls: [{ name: "save_document", args: { filename, title: `Vectors — ${title}`, topic: "vectors", content: lessonMarkdown(title) } }] },
    { text: `Today: ${title}. You will be able to draw and compare vectors.` },
  ];
}
