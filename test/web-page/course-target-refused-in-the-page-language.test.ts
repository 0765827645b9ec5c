// A course's chat the server would refuse ("042", "#general") is refused by the Courses form itself, in the page's
// language (Chromium in Japanese, a fake /v1): the server's refusal is English ("write the chat id as Telegram
// gives it: 42"). The form says how to write the chat, or what a channel id is, focuses the field, and sends nothing.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fill } from "../../src/lib/phrase-book";
import { openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";
import { fromRoot } from "../support/paths";

const ja = JSON.parse(readFileSync(fromRoot("public/i18n/page/ja.json"), "utf8")) as Record<string, string>;
let opened: PageOnFakeApi;

describe("a course's chat refused on a page in Japanese", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi({}, undefined, "ja-JP");
  }, 60_000);
  afterAll(() => opened?.close());

  /** Creates a course delivered on `platform` to `target`; the form's status line comes to say `said`. */
  async function refused(platform: string, target: string, said: string) {
    const { page } = opened;
    await page.locator("#course-topic").fill("線形代数");
    await page.locator("#course-deliver").selectOption(platform);
    await page.locator("#course-target").fill(target);
    await page.locator("#create-course").click();
    await expect.poll(() => page.locator("#course-status").textContent()).toBe(said);
    expect(await page.evaluate("document.activeElement.id")).toBe("course-target");
  }

  it("says how Telegram writes a chat id entered with a leading zero, and what a Slack channel id is", async () => {
    await refused("telegram", " 042 ", fill(ja.telegramChatRespell!, { fix: "42" }));
    await refused("slack", "#general", fill(ja.slackChannelInvalid!, { target: "#general" }));
    await refused("slack", "c0123456789", fill(ja.slackChannelCapitals!, { fix: "C0123456789" }));
    expect(opened.posts("/v1/courses")).toEqual([]);
  });
});
