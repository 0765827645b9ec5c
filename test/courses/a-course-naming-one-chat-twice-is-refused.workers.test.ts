// A course's `deliver` naming one chat twice (`to: N` and `to: "N"`, one target to the scheduler) was accepted,
// and every lesson, its announcement and its document went to that chat twice. Refused at create with a 400
// naming the second entry, and nothing is created.
import { describe, expect, it } from "vitest";
import { CourseDeliverySchema } from "../../src/delivery/course-delivery";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("a course delivering to one chat twice", () => {
  it.each([
    [
      [
        { platform: "telegram", to: 4242 },
        { platform: "telegram", to: "4242" },
      ],
      ["the same chat as deliver[0]", "at deliver[1].to"],
    ],
    [
      [
        { platform: "slack", to: "C0123456789" },
        { platform: "telegram", to: 7 },
        { platform: "slack", to: "C0123456789" },
      ],
      ["the same chat as deliver[0]", "at deliver[2].to"],
    ],
  ])("is a 400 naming the repeated entry: %o", async (deliver, [issue, path]) => {
    const topic = uniqueId("twice");
    const res = await call("/v1/courses", { method: "POST", json: { topic, deliver } });
    expect(res.status).toBe(400);
    const err = await errorOf(res);
    expect(err.code).toBe("invalid_request");
    expect(err.message).toContain(issue);
    expect(err.message).toContain(path);
    const list = (await (await call("/v1/courses")).json()) as { courses: Array<{ topic: string }> };
    expect(list.courses.some((c) => c.topic === topic)).toBe(false);
  });

  it("other chats, and chats on two platforms, are each their own target", () => {
    const deliver = [
      { platform: "telegram", to: 4242 },
      { platform: "telegram", to: "4242/7" },
      { platform: "slack", to: "C4242424242" },
    ];
    expect(CourseDeliverySchema.safeParse(deliver).success).toBe(true);
  });
});
