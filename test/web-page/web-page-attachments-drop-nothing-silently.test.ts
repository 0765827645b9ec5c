// Photos attached to a question (public/js/attachments.js), in Chromium: nothing the learner gives the
// question box is dropped without a word. A file that is not a photo, picked together with one that is, is
// named as not attached in the message the page leaves on show (the count of attached photos used to
// replace that refusal at once); text pasted together with a picture (a copy from a document or a
// spreadsheet) goes into the box beside the attached picture (it used to be thrown away).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";
import { BLANK_PAGE } from "../support/page-modules";

let opened: OpenedMarkdownPage;
let page: Page;

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

describe("what the question box is given", () => {
  beforeAll(async () => {
    opened = await openMarkdownPage(BLANK_PAGE);
    page = opened.page;
    // A string, so that the test's own bundler leaves the browser's dynamic import alone.
    await page.evaluate(`(async () => {
      const { createAttachments } = await import("/js/attachments.js");
      const out = document.getElementById("out");
      out.innerHTML = '<form id="composer"><textarea id="topic" aria-label="Question"></textarea><ul id="list"></ul><input id="picker" type="file" multiple aria-label="Attach photo"></form><p id="status"></p>';
      const status = document.getElementById("status");
      window.attachments = createAttachments({
        picker: document.getElementById("picker"),
        list: document.getElementById("list"),
        dropZone: document.getElementById("composer"),
        pasteTarget: document.getElementById("topic"),
        say: (text) => (status.textContent = text),
      });
    })()`);
  }, 60_000);
  afterAll(() => opened?.close());

  it("says which file was not attached, and how many photos were", async () => {
    await page.locator("#picker").setInputFiles([
      { name: "homework.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") },
      { name: "photo.png", mimeType: "image/png", buffer: PNG },
    ]);
    await expect.poll(() => page.evaluate("window.attachments.count()")).toBe(1);
    const said = await page.locator("#status").textContent();
    expect(said).toContain("homework.pdf is not a photo (JPEG, PNG, WebP or GIF); it was not attached.");
    expect(said).toContain("1 photo attached.");
    expect(opened.problems).toEqual([]);
  });

  it("keeps the text pasted together with a picture", async () => {
    const kept = await page.evaluate(`(async () => {
      const box = document.getElementById("topic");
      box.value = "Check my work: ";
      box.focus();
      box.setSelectionRange(box.value.length, box.value.length);
      const data = new DataTransfer();
      data.setData("text/plain", "x^2 + 2x + 1 = (x + 1)^2");
      data.items.add(new File([new Uint8Array([137, 80, 78, 71])], "image.png", { type: "image/png" }));
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      return box.value;
    })()`);
    expect(kept).toBe("Check my work: x^2 + 2x + 1 = (x + 1)^2");
    await expect.poll(() => page.evaluate("window.attachments.count()")).toBe(2);
    expect(opened.problems).toEqual([]);
  });
});
