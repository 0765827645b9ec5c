// A Slack message with buttons longer than three sections (3,000 characters each) is several messages, the
// buttons under the last. Each piece but the last was posted with `ts ??= await post(…)`, which skips the post
// once the first piece's ts is known: the middle pieces were never posted. Each piece is now posted once, in order.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SlackPlatform } from "../../../src/platforms/slack/slack-platform";
import { platformCalls } from "../../support/platform-control";
import { uniqueChannel } from "../../support/slack-requests";

describe("a long Slack message with buttons", () => {
  it("posts every piece once, in order, the buttons under the last", async () => {
    // Four paragraphs of about 2,500 characters: one section each.
    const paragraphs = Array.from({ length: 4 }, (_, i) => `Piece ${i + 1}: ${"Vectors add tip to tail. ".repeat(100)}`.trim());
    const channel = uniqueChannel();
    await new SlackPlatform(env).send({ platform: "slack", channel }, { text: paragraphs.join("\n\n"), buttons: [[{ label: "A", value: "quiz:a" }]] });
    const calls = (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage");
    expect(calls.map((c) => [...String(c.body.text).matchAll(/Piece (\d):/g)].map((m) => Number(m[1])))).toEqual([[1], [2], [3], [4]]);
    expect(calls.map((c) => Array.isArray(c.body.blocks))).toEqual([false, false, false, true]);
  });
});
