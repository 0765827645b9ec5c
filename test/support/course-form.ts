// The page's Courses form module (public/js/courses.js) and its API client (public/js/api.js), loaded in
// Node with the types the tests use, and a filled-in form.
import { pathToFileURL } from "node:url";
import { fromRoot } from "./paths";

export interface CourseFields {
  topic: string;
  level: string;
  cron: string;
  deliverTo: string;
  target: string;
  /** The page's language, sent as the course's. */
  language?: string;
}

export type PageCourseApi = { createCourse(body: object, idempotencyKey?: string): Promise<string> };

export const courseForm = (await import(pathToFileURL(fromRoot("public/js/courses.js")).href)) as {
  TOPIC_MAX_CHARS: number;
  courseRequest(fields: CourseFields): Record<string, unknown>;
  courseCreator(api: PageCourseApi): (fields: CourseFields) => Promise<{ id: string }>;
};

export const pageApi = (await import(pathToFileURL(fromRoot("public/js/api.js")).href)) as { createApi: (o: { baseUrl: string }) => PageCourseApi };

/** A form as a learner fills it in, without delivery. */
export const COURSE_FORM: CourseFields = { topic: "Linear algebra", level: "beginner", cron: "0 0 * * *", deliverTo: "", target: "" };
