// A course's `deliver` naming one chat twice is refused (it got every lesson twice), but only one spelling was
// caught: `to: 42` and `"42"`. Telegram's @usernames are case-insensitive and a chat id is a number, so `@StudyNews`
// and `@studynews`, or `42` and `"042"`, named one chat too and slipped through. Now 400 naming the second entry
// (a chat id spelled otherwise than Telegram gives it, "042", is refused on its own: a-course-target-is-spelled-as-the-platform-gives-it).
import { describe, expect, it } from "vitest";
import { CourseDeliverySchema } from "../../src/delivery/course-delivery";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("a course naming one chat in two spellings", () => {
  it.each([
    [
      { platform: "telegram", to: "@StudyNews" },
      { platform: "telegram", to: "@studynews" },
    ],
    [
      { platform: "telegram", to: -1004242 },
      { platform: "telegram", to: "-1004242" },
    ],
  ])("is a 400 naming the second: %o %o", async (first, second) => {
    const topic = uniqueId("spellings");
    const res = await call("/v1/courses", { method: "POST", json: { topic, deliver: [first, second] } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "invalid_request", message: expect.stringContaining("the same chat as deliver[0]") });
    const list = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic: string }> };
    expect(list.courses.some((c) => c.topic === topic)).toBe(false);
  });

  it("keeps other chats, topics and Slack ids apart, and shows each entry as given", () => {
    const deliver = [
      { platform: "telegram", to: "@StudyNews" },
      { platform: "telegram", to: "4242" },
      { platform: "telegram", to: "4242/7" },
      { platform: "telegram", to: "42420" },
      { platform: "slack", to: "C0123456789" },
      { platform: "slack", to: "C123456789" },
      { platform: "slack", to: "G0123456789" },
    ];
    const parsed = CourseDeliverySchema.safeParse(deliver);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual(deliver);
  });
});
