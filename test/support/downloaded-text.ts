// The text of a file the page downloaded. The tests' Chromium is shared and reached over a connection
// (chromium-broker.ts), where Playwright's `download.path()` throws; the file streams back instead.
import { text } from "node:stream/consumers";
import type { Download } from "playwright-core";

/** Waits for the download to finish; throws if it failed or was cancelled, as `path()` did. */
export async function downloadedText(download: Download): Promise<string> {
  return text(await download.createReadStream());
}
