// One chat had several spellings: `"042"`, `"+42"`, `" 42"` for Telegram chat 42, `"c0123456789"` for Slack's
// C0123456789. Each was stored as given, so a course naming "042" was not found by chat 42's /start (which takes
// back the chats a course gave up, matched by chatKeyOf as spelled). Now any spelling but the platform's is a 400
// naming the entry and the spelling to send, so every new target is the key its chat's /start looks for.
import { describe, expect, it } from "vitest";
import { chatKeyOf, courseTargets, CourseDeliverySchema } from "../../src/delivery/course-delivery";
import { oneTarget, refusedDelivery } from "../support/refused-course-delivery";

describe("a course target spelled otherwise than its platform gives it", () => {
  it.each([
    ['"042"', "42"],
    ['"+42"', "42"],
    ['" 42"', "42"],
    ['"42 "', "42"],
    ['"-042"', "-42"],
    ['"-1001234567890/07"', "-1001234567890/7"],
    ['" +0042/0007 "', "42/7"],
    // The General topic (thread 1) is the chat alone: Telegram answers "message thread not found" for thread 1.
    ['"-1001234567890/1"', "-1001234567890"],
  ])("is refused on Telegram: %s, saying to write %s", async (to, canonical) => {
    const message = await refusedDelivery(oneTarget("telegram", to));
    expect(message).toContain(`write the chat id as Telegram gives it: ${canonical}`);
    expect(message).toContain("deliver[0].to");
  });

  it("is refused on Slack in lower case, naming the id to send", async () => {
    const message = await refusedDelivery(oneTarget("slack", '"c0123456789"'));
    expect(message).toContain("write the channel id as Slack shows it: C0123456789");
    expect(message).toContain("deliver[0].to");
  });

  it("is refused in the older deliver object too", async () => {
    const message = await refusedDelivery(`{"telegramChatId": "042", "slackChannel": "C0123456789"}`);
    expect(message).toContain("write the chat id as Telegram gives it: 42");
    expect(message).toContain("deliver.telegramChatId");
  });

  it("takes the platform's spelling, whose chat is the one its /start names", () => {
    for (const to of [42, "42", "42/7"]) {
      const deliver = CourseDeliverySchema.parse([{ platform: "telegram", to }]);
      expect(courseTargets(deliver).map((t) => t.chat)).toEqual([chatKeyOf("telegram", 42)]);
    }
  });
});
