// What the web page's tests drive: a scripted model, the Worker under wrangler dev answering with it, and
// headless Chromium, started side by side and closed together.
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { launchChromium } from "./chromium";
import { ScriptedModel } from "./scripted-model";
import { startWranglerDev, type WranglerDev } from "./wrangler-dev";

export interface PageRig {
  model: ScriptedModel;
  worker: WranglerDev;
  browser: Browser;
  close(): Promise<void>;
}

/** `vars` are added to the scripted model's own (its address, key and model name). */
export async function startPageRig(vars: Record<string, string>, timeoutMs?: number): Promise<PageRig> {
  const model = await new ScriptedModel().listen();
  const started = await Promise.allSettled([startWranglerDev({ vars: { ...model.workerVars, ...vars }, timeoutMs }), launchChromium()]);
  const [worker, browser] = started.map((s) => (s.status === "fulfilled" ? s.value : undefined)) as [WranglerDev?, Browser?];
  const close = async () => {
    await browser?.close();
    await worker?.stop();
    await model.close();
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { model, worker: worker!, browser: browser!, close };
}

/**
 * A new tab on the Worker's page, signed in with `token`, once it has a session on show. `problems` collects
 * console errors, page errors, failed requests and answers of 400 or more, but those to URLs `expected` lets through.
 */
export async function openStudyPage(
  browser: Browser,
  url: string,
  token: string,
  viewport: { width: number; height: number },
  expected: (url: string) => boolean = () => false,
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => r.status() >= 400 && !expected(r.url()) && problems.push(`${r.status()}: ${r.url()}`));
  await page.addInitScript((t) => localStorage.setItem("studyagent.token", t), token);
  await page.goto(url + "/");
  await sessionChosen(page);
  return { page, problems };
}

/** Waits until the page has a session on show (it picks or makes one as it loads). */
export async function sessionChosen(page: Page): Promise<void> {
  await expect.poll(() => page.locator("#session-select").inputValue(), { timeout: 20_000 }).not.toBe("");
}

/** Asks from the question box by keyboard, as a learner does: focus it, type, Enter. */
export async function askByKeyboard(page: Page, text: string): Promise<void> {
  await page.locator("#topic").focus();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}
