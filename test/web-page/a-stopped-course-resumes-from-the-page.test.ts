// A course whose only chat blocked the bot stops (`stopped`, lastError no_reachable_target), and the page showed
// neither which chat was given up nor a way back: its notice told the person to send a PATCH with curl. Now the
// course's details list each chat given up (which, since when, why) with a Resume button, and the notice says to
// press it, in the page's language. Against the Worker under wrangler dev, the scripted model and a fake Telegram
// that answers 403: in English a Resume whose request fails says so and can be pressed again (the button is
// disabled while it is out); in Spanish Resume sends the PATCH and shows the course as the server answers it.
import { mkdirSync, readFileSync } from "node:fs";
import type { Browser, Locator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { launchChromium } from "../support/chromium";
import { lessonReplies, SYLLABUS_REPLY } from "../support/course-script";
import { sessionChosen } from "../support/page-rig";
import { fromRoot } from "../support/paths";
import { PlatformFake } from "../support/platform-fake";
import { ScriptedModel } from "../support/scripted-model";
import { waitFor } from "../support/wait-for";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const TOKEN = "course-resume-test-token";
const CHAT = 424_242_001;
const LISTED_CHAT = 424_242_002;
const es = JSON.parse(readFileSync(fromRoot("public/i18n/page/es.json"), "utf8")) as Record<string, string>;
const notices = JSON.parse(readFileSync(fromRoot("public/i18n/run-notices.json"), "utf8")) as Record<string, Record<string, string>>;

let model: ScriptedModel;
let platforms: PlatformFake;
let platformPort: number;
let worker: WranglerDev | undefined;
let browser: Browser | undefined;
let courseId: string;
let listedId: string;

/** What the tests read of a course (GET /v1/courses/:id); POST /v1/courses answers its id. */
interface CourseAnswer {
  id: string;
  topic: string;
  status: string;
  nextLessonAt: string | null;
  lastError: { code?: string } | null;
  stopped: Array<{ target: string; code: string }>;
}

const api = async (path: string, init: RequestInit = {}): Promise<CourseAnswer> => {
  const res = await fetch(`${worker!.url}${path}`, { ...init, headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as CourseAnswer;
};
const course = () => api(`/v1/courses/${courseId}`);

/**
 * A course delivered to `chat` only, planned, whose next delivery to that chat Telegram will answer 403 (the chat
 * blocked the bot). Its id.
 */
async function plannedCourseToABlockedChat(name: string, deliver: unknown, chat: number): Promise<string> {
  const marker = model.script(name, [SYLLABUS_REPLY, ...lessonReplies(`${name}-one`, "What a vector is")]);
  const { id } = await api("/v1/courses", { method: "POST", body: JSON.stringify({ topic: `${marker} Vectors`, deliver }) });
  await waitFor(async () => (await api(`/v1/courses/${id}`)).status === "active", "the syllabus planned", 30_000);
  await fetch(`http://127.0.0.1:${platformPort}/__fail`, {
    method: "POST",
    body: JSON.stringify({ platform: "telegram", target: String(chat), times: 1, status: 403, description: "Forbidden: bot was blocked by the user" }),
  });
  return id;
}

/** Once the tick delivered its first lesson: the course gave its only chat up (`stopped` names it `target`) and stopped (no_reachable_target). */
async function stoppedAs(id: string, target: string): Promise<void> {
  const stopped = await waitFor(
    async () => {
      const c = await api(`/v1/courses/${id}`);
      return c.lastError?.code === "no_reachable_target" && c;
    },
    "the course stopped",
    30_000,
  );
  if (stopped.stopped?.[0]?.target !== target || stopped.nextLessonAt !== null) throw new Error(`not stopped as expected: ${JSON.stringify(stopped)}`);
}

/** A tab on the Worker's page in the browser's language `locale`, signed in, with the course's details open. */
async function openCourse(locale: string): Promise<{ page: Page; item: Locator; problems: string[] }> {
  const page = await browser!.newPage({ locale, viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  await page.addInitScript((t) => localStorage.setItem("studyagent.token", t), TOKEN);
  await page.goto(`${worker!.url}/`);
  await sessionChosen(page);
  const item = page.locator(`li[data-course="${courseId}"]`);
  await item.locator("summary").click();
  return { page, item, problems };
}

describe("a course whose only chat blocked the bot, on the page", () => {
  beforeAll(async () => {
    model = await new ScriptedModel().listen();
    platforms = new PlatformFake();
    platformPort = await platforms.listen();
    [worker, browser] = await Promise.all([
      startWranglerDev({
        vars: {
          ...model.workerVars,
          API_TOKEN: TOKEN,
          TELEGRAM_BOT_TOKEN: "123456:test-token",
          TELEGRAM_API_BASE: `http://127.0.0.1:${platformPort}/telegram`,
          MODEL_MAX_RETRIES: "0",
        },
        // GET /__scheduled runs the cron tick that writes and delivers courses' lessons.
        args: ["--test-scheduled"],
      }),
      launchChromium(),
    ]);

    // The page's course names its chat in the `deliver` object (its stopped target is "telegram"); a chat's /course in a list.
    // Both planned at once, each chat's failure set; then one tick, which delivers every due course: both stop.
    [courseId, listedId] = await Promise.all([
      plannedCourseToABlockedChat("resume-object", { telegramChatId: CHAT }, CHAT),
      plannedCourseToABlockedChat("resume-list", [{ platform: "telegram", to: LISTED_CHAT }], LISTED_CHAT),
    ]);
    const ticked = await fetch(`${worker!.url}/__scheduled?cron=0+*+*+*+*`);
    if (ticked.status !== 200) throw new Error(`the tick answered ${ticked.status}`);
    await Promise.all([stoppedAs(courseId, "telegram"), stoppedAs(listedId, `telegram:${LISTED_CHAT}`)]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await Promise.all([model?.close(), platforms?.close()]);
  });

  it("in English: names the chat given up and says to press Resume; a failed Resume says so and can be pressed again", { timeout: 60_000 }, async () => {
    const { page, item, problems } = await openCourse("en-US");
    await expect
      .poll(() => item.locator(".stopped-targets li").allTextContents())
      .toEqual([
        expect.stringMatching(new RegExp(`^Telegram chat ${CHAT}, since .+: ${notices.en!.chat_unreachable!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)),
      ]);
    const listed = page.locator(`li[data-course="${listedId}"]`);
    await listed.locator("summary").click();
    expect(await listed.locator(".stopped-targets li").textContent()).toMatch(new RegExp(`^Telegram chat ${LISTED_CHAT}, since .+: `));
    const error = await item.locator(".failed").first().textContent();
    expect(error).toMatch(/\): None of this course's chats can be reached\. Unblock the bot or add it back to the channel, then press Resume\.$/);
    expect(error).not.toContain("PATCH");
    expect(await seriousViolations(page)).toEqual([]);
    mkdirSync(fromRoot("test-results"), { recursive: true });
    await item.screenshot({ path: fromRoot("test-results/web-page-course-stopped.png") });

    // The request is held: the button is disabled meanwhile; then it fails, which is said, and the button comes back.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/v1/courses/${courseId}`, async (route: Route) => {
      if (route.request().method() !== "PATCH") return route.fallback();
      await held;
      await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "model_unavailable", message: "x" } }) });
    });
    const resume = item.getByRole("button", { name: "Resume" });
    await resume.click();
    const sending = item.getByRole("button", { name: "Resuming…" });
    expect(await sending.isDisabled()).toBe(true);
    release();
    await expect.poll(() => item.getByRole("alert").textContent()).toBe(`Could not resume the course: ${notices.en!.model_unavailable}`);
    expect(await resume.isEnabled()).toBe(true);
    // The focus the disabled button dropped is back on it, to press again.
    expect(await page.evaluate("document.activeElement.textContent")).toBe("Resume");
    expect((await course()).stopped).toHaveLength(1);
    expect(problems).toEqual([expect.stringContaining("status of 503")]);
    await page.close();
  });

  it("in Spanish: Resume sends the PATCH and shows the course resumed, as the server now has it", { timeout: 60_000 }, async () => {
    const { page, item, problems } = await openCourse("es-ES");
    await expect.poll(() => item.locator(".stopped-targets li").textContent()).toMatch(new RegExp(`^Chat de Telegram ${CHAT}, desde .+: `));
    expect(await item.locator(".stopped-targets li").textContent()).toContain(notices.es!.chat_unreachable!);
    expect(await item.locator(".failed").first().textContent()).toContain(es.noReachableTarget!);
    expect(await item.locator("h4", { hasText: es.stoppedTargets! }).count()).toBe(1);

    // By keyboard.
    await item.getByRole("button", { name: es.resumeCourse!, exact: true }).focus();
    const [request] = await Promise.all([page.waitForRequest((r) => r.method() === "PATCH"), page.keyboard.press("Enter")]);
    expect(new URL(request.url()).pathname).toBe(`/v1/courses/${courseId}`);
    expect(request.postDataJSON()).toEqual({ resume: true });
    expect(await request.headerValue("authorization")).toBe(`Bearer ${TOKEN}`);

    // The course as answered: nothing given up, no error, the lesson due again; the panel's status says so.
    const resumed = page.locator(`li[data-course="${courseId}"]`);
    await expect.poll(() => resumed.locator(".stopped-targets").count()).toBe(0);
    expect(await resumed.getByRole("button", { name: es.resumeCourse!, exact: true }).count()).toBe(0);
    expect(await resumed.locator(".failed").count()).toBe(0);
    expect(await resumed.locator(".next-lesson").textContent()).toBe(es.nextLessonDue);
    expect(await resumed.locator("details").getAttribute("open")).not.toBeNull();
    // The button is gone with what it resumed: the focus is on the course's summary, not lost.
    expect(await page.evaluate("document.activeElement.tagName")).toBe("SUMMARY");
    expect(await page.locator("#course-status").textContent()).toBe(es.courseResumed!.replace("{topic}", (await course()).topic));
    expect(await course()).toMatchObject({ stopped: [], lastError: null, nextLessonAt: expect.any(String) });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
