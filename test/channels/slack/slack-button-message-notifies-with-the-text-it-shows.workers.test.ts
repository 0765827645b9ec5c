// A Slack message with buttons (every quiz question) is Block Kit; its top-level `text` is what a notification
// and a screen reader read. It was the raw Markdown and TeX (`What is $\frac{8}{3}$…`, audit R4 F3); it is now
// the message's own text as shown, formulas as Unicode, and the note about those the chat cannot show included.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SlackPlatform } from "../../../src/platforms/slack/slack-platform";
import { ENGLISH_CHAT_PHRASES } from "../../support/english-phrases";
import { platformCalls } from "../../support/platform-control";
import { uniqueChannel } from "../../support/slack-requests";

type Section = { type: string; text?: { text: string } };

const buttons = [[{ label: "A", value: "quiz:a" }]];

async function posted(text: string) {
  const channel = uniqueChannel();
  await new SlackPlatform(env).send({ platform: "slack", channel }, { text, buttons });
  const call = (await platformCalls("slack", channel)).find((c) => c.method === "chat.postMessage")!;
  const section = (call.body.blocks as Section[]).find((b) => b.type === "section")!;
  return { fallback: String(call.body.text), shown: section.text!.text };
}

describe("a Slack message with buttons", () => {
  it("notifies with the text it shows, formulas as Unicode", async () => {
    const { fallback, shown } = await posted("**Question 1:** What is $\\frac{8}{3} \\cdot x^2$ at $x = 3$?\nA. $24$");
    expect(fallback).toBe("*Question 1:* What is 8/3·x² at x = 3?\nA. 24");
    expect(fallback).toBe(shown);
  });

  it("notifies with the note about formulas it cannot show", async () => {
    const { fallback, shown } = await posted("Which is $\\cancel{1 + \\dots + 1}$?");
    expect(fallback).toContain(ENGLISH_CHAT_PHRASES.formulasAsSource);
    expect(fallback).toBe(shown);
  });
});
