// A daily three-lesson course to one Telegram chat, and what its late-lesson tests wait for and read: the
// lessons of test/courses/a-lesson-that-missed-its-period-is-delivered-before-the-next.workers.test.ts and
// test/courses/the-syllabus-s-last-lesson-that-missed-its-period-is-delivered-late.workers.test.ts.
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY } from "./course-fixtures";
import { script } from "./model-control";
import { platformCalls, uniqueChatId, waitFor } from "./platform-control";
import { uniqueId } from "./worker-http";

/** A daily course to one Telegram chat, with three lessons scripted; its id goes in `created` (the test deletes it). */
export async function dailyCourse(name: string, created: string[]) {
  const key = uniqueId(name);
  const lessons = ["What a vector is", "Adding vectors", "The dot product"].flatMap((title, i) => lessonReplies(uniqueId(`${name}-${i + 1}`), title));
  const marker = await script(key, [SYLLABUS_REPLY, ...lessons]);
  const chat = uniqueChatId();
  const course = await createPlannedCourse({ topic: `${marker} Vectors`, cron: "0 0 * * *", deliver: [{ platform: "telegram", to: chat }] });
  created.push(course.id);
  return { id: course.id, chat };
}

/** The lesson headings the chat received (failed sends too), in order ("lesson 1 of 3", …). */
export const headings = async (chat: number) =>
  (await platformCalls("telegram", chat)).flatMap((c) => (c.method === "sendMessage" ? (/lesson \d of 3/.exec(String(c.body.text)) ?? []) : []));

/** The lesson files the chat received. */
export const documents = async (chat: number) => (await platformCalls("telegram", chat)).filter((c) => c.method === "sendDocument");

/** The course once it has `n` lessons and its last is delivered. */
export const lessonsDone = (id: string, n: number) =>
  waitFor(async () => {
    const c = await getCourse(id);
    return c.lessons.length === n && c.lessons.at(-1)!.deliveredAt !== null && c;
  }, `lesson ${n} delivered`);

/** The course once its period's failure is recorded (the tick's work is over). */
export const periodFailed = (id: string) =>
  waitFor(async () => {
    const c = await getCourse(id);
    return c.lastError !== null && c;
  }, "the period's failure");
