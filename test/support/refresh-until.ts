// Refreshing a list on the web page by keyboard until it shows what a test waits for (a course's lesson written
// by a cron tick, an MCP server connected in another window): the page reads the list only when asked.
import type { Page, Request } from "playwright-core";
import { expect } from "vitest";

/**
 * Presses a button by keyboard until `done` holds (the page reads the API under `reads` again on each press).
 * Each press's reads are over and drawn before `done` is asked: a refresh still in flight when it holds could
 * draw the list again under the focus of the test's next step, and that key press would go nowhere.
 */
export async function refreshUntil(page: Page, button: string, reads: string, done: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  const inFlight = new Set<Request>();
  const started = (request: Request) => void (new URL(request.url()).pathname.startsWith(reads) && inFlight.add(request));
  const ended = (request: Request) => void inFlight.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await expect
      .poll(
        async () => {
          await page.locator(button).press("Enter");
          await expect.poll(() => inFlight.size, { timeout: timeout / 2 }).toBe(0);
          // Then the page's own task that reads the answer and draws it (an idle moment, or 200 ms at most).
          await page.evaluate("new Promise((resolve) => requestIdleCallback(resolve, { timeout: 200 }))");
          return done();
        },
        { timeout, interval: 200 },
      )
      .toBe(true);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}
