// A Telegram target no chat can have (`to: 0`, a topic 0 as "123/0", an id past Telegram's 52 bits, an @username
// Telegram does not allow) was accepted when the course was created, failed at its first lesson, and was given up
// there. Now it is a 400 naming the entry (`deliver[i].to`, or the older object's `deliver.telegramChatId`) and
// saying what a chat id looks like, over the API and MCP create_course alike; every real chat id is still taken.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { CourseDeliverySchema } from "../../src/delivery/course-delivery";
import { fileMcpClient } from "../support/mcp-worker-client";
import { refusedDelivery } from "../support/refused-course-delivery";

const LOOKS_LIKE = "must be a chat id as Telegram gives it";

const client = fileMcpClient();

describe("a Telegram course target", () => {
  it.each([
    ["0", "no chat"],
    ['"0"', "no chat"],
    ["-0", "no chat"],
    ['"123/0"', "a topic 0"],
    ['"-100123/-5"', "a negative topic"],
    ['"123/"', "a topic left out"],
    ['"/5"', "a chat left out"],
    ['"12a"', "not a number"],
    ["1.5", "not a whole number"],
    ["9007199254740993", "past what a JSON number holds"],
    ["4503599627370496", "past 52 bits (2^52)"],
    ['"-4503599627370496"', "past 52 bits, as text"],
    ['"99999999999999999999"', "past 52 bits, as 20 digits"],
    ['"123/2147483648"', "a topic past 32 bits"],
    ['"@abc"', "an @username shorter than Telegram's"],
    ['"@1study"', "an @username not starting with a letter"],
    ['"@study-news"', "an @username with a dash"],
    [`"@${"a".repeat(33)}"`, "an @username longer than Telegram's"],
  ])("is refused when it is %s (%s), naming deliver[1].to", async (to) => {
    const message = await refusedDelivery(`[{"platform": "telegram", "to": 123456789}, {"platform": "telegram", "to": ${to}}]`);
    expect(message).toContain(LOOKS_LIKE);
    expect(message).toContain("deliver[1].to");
  });

  it("is refused in the older deliver object, naming deliver.telegramChatId", async () => {
    const message = await refusedDelivery(`{"telegramChatId": "123/0"}`);
    expect(message).toContain(LOOKS_LIKE);
    expect(message).toContain("deliver.telegramChatId");
  });

  it("is refused by MCP create_course", async () => {
    const result = (await client().callTool({
      name: "create_course",
      arguments: { topic: "Linear algebra", deliver: [{ platform: "telegram", to: 0 }] },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n")).toContain(LOOKS_LIKE);
  });

  it.each<[number | string, string]>([
    [123456789, "a person"],
    [-123456789, "a group"],
    [-1001234567890, "a supergroup or channel"],
    ["-1001234567890", "one as text"],
    ["-1001234567890/7", "a forum topic"],
    [2 ** 52 - 1, "the largest id Telegram gives"],
    ["@StudyNews", "a public channel"],
    ["@nftt", "a four-letter collectible @username"],
    [`@a${"_".repeat(31)}`, "a 32-character @username"],
  ])("is taken when it is %s (%s)", (to) => {
    expect(CourseDeliverySchema.safeParse([{ platform: "telegram", to }]).success).toBe(true);
    expect(CourseDeliverySchema.safeParse({ telegramChatId: to }).success).toBe(true);
  });
});
