// An MCP server's question (public/js/schema-form.js) whose text field has a maxLength, in Chromium: text
// typed or pasted past it stays whole in the field and Accept refuses it with its length, where the
// field's `maxlength` attribute used to cut it without a word and send the cut text.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";
import { BLANK_PAGE } from "../support/page-modules";

let opened: OpenedMarkdownPage;
let page: Page;

describe("an elicitation's text longer than its maxLength", () => {
  beforeAll(async () => {
    opened = await openMarkdownPage(BLANK_PAGE);
    page = opened.page;
    // A string, so that the test's own bundler leaves the browser's dynamic import alone.
    await page.evaluate(`(async () => {
      const { schemaFields } = await import("/js/schema-form.js");
      const made = schemaFields({ properties: { nickname: { type: "string", title: "Nickname", maxLength: 10 } } });
      const form = document.createElement("form");
      form.append(...made.fields);
      document.getElementById("out").append(form);
      window.form = form;
      window.made = made;
    })()`);
  }, 60_000);
  afterAll(() => opened?.close());

  it("keeps the whole text and refuses it, saying how long it is", async () => {
    const field = page.getByLabel("Nickname");
    await field.focus();
    await page.keyboard.insertText("abcdefghijklmno");
    expect(await field.inputValue()).toBe("abcdefghijklmno");
    expect(await page.evaluate("window.form.reportValidity()")).toBe(false);
    expect(await page.evaluate('document.querySelector("#out input").validationMessage')).toBe("At most 10 characters; this is 15.");

    // Shortened to the limit (counted in characters, an emoji as one), it is accepted as typed.
    await field.fill("abcdefghi😀");
    expect(await page.evaluate("window.form.reportValidity()")).toBe(true);
    expect(await page.evaluate("window.made.content()")).toEqual({ nickname: "abcdefghi😀" });
    expect(opened.problems).toEqual([]);
  });
});
