// The model's Markdown as Slack's mrkdwn: *bold*, _italic_, ~strike~, code, <url|links>, quotes; &, < and >
// escaped as Slack asks; math as Unicode.
import { describe, expect, it } from "vitest";
import { slackMrkdwn } from "../../src/platforms/slack/slack-mrkdwn";

describe("Markdown as Slack mrkdwn", () => {
  it("converts the markup Slack knows and escapes its control characters", () => {
    const { blocks } = slackMrkdwn(
      "## Summary\n\n**Answer:** _B_ ~~C~~ <@U123> & $x^2$\n\n```\na < b\n```\n\n> quote\n> more\n\n1. [docs](https://api.slack.com/a|b) and `x > 1`",
    );
    expect(blocks).toEqual([
      "*Summary*",
      "*Answer:* _B_ ~C~ &lt;@U123&gt; &amp; x²",
      "```\na &lt; b\n```",
      "> quote\n> more",
      "1. <https://api.slack.com/a%7Cb|docs> and `x &gt; 1`",
    ]);
  });
});
