// The Courses form never sends less than the learner gave it: a topic longer than the server takes is
// refused in the page with its length (the page's `maxlength` cut a pasted topic to 500 characters without a
// word), and a delivery chosen with a blank or spaces-only chat id is refused (it was dropped, and the course
// made without delivery). A schedule that is not five fields (nor one of cron's @words) is refused in the
// page's words (the server's refusal is English), and so is a chat the server would refuse: "042" is to be written
// 42, "#general" is no Slack channel id (course-target-check-agrees-with-the-server.test.ts holds the page's check to
// the server's). None sends a request.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { CourseInput } from "../../src/courses/course-input";
import { COURSE_FORM, courseForm } from "../support/course-form";
import { fromRoot } from "../support/paths";

const courses = courseForm;
const FORM = { ...COURSE_FORM, level: "intermediate", cron: "0 8 * * 1" };

describe("the Courses form", () => {
  it("refuses a topic longer than the server's limit, saying how long it is, instead of cutting it", async () => {
    const long = "x".repeat(courses.TOPIC_MAX_CHARS + 1);
    const createCourse = vi.fn(async () => "course-1");
    await expect(courses.courseCreator({ createCourse })({ ...FORM, topic: long })).rejects.toMatchObject({
      field: "topic",
      message: expect.stringContaining(`${courses.TOPIC_MAX_CHARS + 1} characters`),
    });
    expect(createCourse).not.toHaveBeenCalled();
    // The page's limit is the server's: the longest topic it sends is one the server takes.
    expect(CourseInput.safeParse({ topic: "x".repeat(courses.TOPIC_MAX_CHARS) }).success).toBe(true);
    expect(CourseInput.safeParse({ topic: long }).success).toBe(false);
    expect(courses.courseRequest({ ...FORM, topic: ` ${"x".repeat(courses.TOPIC_MAX_CHARS)} ` }).topic).toHaveLength(courses.TOPIC_MAX_CHARS);
    // No maxlength on the field: the browser would cut a long paste before the page could say anything.
    const topicField = /<input id="course-topic"[^>]*>/.exec(readFileSync(fromRoot("public/index.html"), "utf8"))?.[0];
    expect(topicField).toBeDefined();
    expect(topicField).not.toMatch(/maxlength/i);
  });

  it("refuses a delivery without a chat id or channel instead of making a course that is never delivered", async () => {
    const createCourse = vi.fn(async () => "course-1");
    const create = courses.courseCreator({ createCourse });
    await expect(create({ ...FORM, deliverTo: "telegram", target: "   " })).rejects.toMatchObject({
      field: "target",
      message: expect.stringContaining("Telegram chat id"),
    });
    await expect(create({ ...FORM, deliverTo: "slack", target: "" })).rejects.toMatchObject({
      field: "target",
      message: expect.stringContaining("Slack channel"),
    });
    expect(createCourse).not.toHaveBeenCalled();
  });

  it("refuses a schedule that is not five fields, naming it, and sends five fields or one of cron's @words", async () => {
    const createCourse = vi.fn(async () => "course-1");
    const create = courses.courseCreator({ createCourse });
    for (const cron of ["cada día", "0 8 * * 1 2031", "@often"])
      await expect(create({ ...FORM, cron })).rejects.toMatchObject({ field: "cron", message: expect.stringContaining(`“${cron}”`) });
    expect(createCourse).not.toHaveBeenCalled();
    for (const cron of ["0 8 * * 1", " 0  8 * *   mon-fri ", "@Weekly"]) expect(courses.courseRequest({ ...FORM, cron }).cron).toBe(cron.trim());
  });

  it("refuses a chat the server would refuse, saying what a chat id is, or how to write the one entered", async () => {
    const createCourse = vi.fn(async () => "course-1");
    const create = courses.courseCreator({ createCourse });
    const refused = (deliverTo: string, target: string, message: string) =>
      expect(create({ ...FORM, deliverTo, target })).rejects.toMatchObject({ field: "target", message });
    await refused("telegram", " 042 ", "Write the chat id as Telegram gives it: 42");
    await refused("telegram", "-1004242/07", "Write the chat id as Telegram gives it: -1004242/7");
    await refused("telegram", "-1004242/1", "Write the chat id as Telegram gives it: -1004242");
    for (const target of ["0", String(2 ** 52), "123/0", "@abc", "study_news"])
      await refused("telegram", target, expect.stringMatching(new RegExp(`^“${target}” is not a Telegram chat\\. A Telegram chat id is a number such as 42`)));
    await refused("slack", "c0123456789", "Write the channel id in capitals: C0123456789");
    for (const target of ["#general", "general", "U0123456789"])
      await refused(
        "slack",
        target,
        `“${target}” is not a Slack channel id. Use the channel's id (such as C0123456789), shown at the bottom of the channel's details in Slack.`,
      );
    expect(createCourse).not.toHaveBeenCalled();
  });

  it("sends every field it shows: topic, level, schedule and delivery, the chat trimmed", () => {
    expect(courses.courseRequest({ ...FORM, deliverTo: "slack", target: " C0123456789 " })).toEqual({
      topic: "Linear algebra",
      level: "intermediate",
      cron: "0 8 * * 1",
      deliver: { slackChannel: "C0123456789" },
    });
    for (const target of ["42", "-1001234567890", "-1001234567890/7", "@study_news"])
      expect(courses.courseRequest({ ...FORM, deliverTo: "telegram", target: ` ${target}\t` }).deliver).toEqual({ telegramChatId: target });
    for (const target of ["G0123456789", "D0123456789"])
      expect(courses.courseRequest({ ...FORM, deliverTo: "slack", target }).deliver).toEqual({ slackChannel: target });
  });
});
