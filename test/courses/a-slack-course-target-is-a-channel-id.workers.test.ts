// A Slack target was any word (`#general`, `general`, `@U0123`): a channel's name is a second spelling of its id
// (`#general` and C0123456789 were two targets, so every lesson twice, and a stop recorded for one did not stop the
// other), and a person's id posts into the app's DM, whose own id a lesson's thread needs. Now only a conversation id
// is taken (C…, G… private, D… a direct message, as a chat's /course gives it), and anything else is a 400 naming the
// entry and where Slack shows a channel's id.
import { describe, expect, it } from "vitest";
import { CourseDeliverySchema } from "../../src/delivery/course-delivery";
import { oneTarget, refusedDelivery } from "../support/refused-course-delivery";

const WHAT_TO_SEND = "must be a channel id such as C0123456789";

describe("a Slack course target", () => {
  it.each(['"#general"', '"general"', '"@U0123456789"', '"U0123456789"', '"W0123456789"', '"C0123"', '""', "4242"])(
    "is refused when it is %s, naming deliver[0].to",
    async (to) => {
      const message = await refusedDelivery(oneTarget("slack", to));
      expect(message).toContain(WHAT_TO_SEND);
      expect(message).toContain("deliver[0].to");
    },
  );

  it("is refused by name in the older deliver object, naming deliver.slackChannel", async () => {
    const message = await refusedDelivery(`{"slackChannel": "#general"}`);
    expect(message).toContain(WHAT_TO_SEND);
    expect(message).toContain("the bottom of the channel's details");
    expect(message).toContain("deliver.slackChannel");
  });

  it.each(["C0123456789", "C024BE91L", "G0123456789", "D0123456789"])("is taken as the id %s", (to) => {
    expect(CourseDeliverySchema.safeParse([{ platform: "slack", to }]).success).toBe(true);
    expect(CourseDeliverySchema.safeParse({ slackChannel: to }).success).toBe(true);
  });
});
