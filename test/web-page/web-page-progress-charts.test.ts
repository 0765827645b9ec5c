// The progress charts for a learner with a week of answers on a fake clock: the learner's real store
// (LearnerStore on its real schema, over Node's SQLite) writes the progress report, and the page's charts
// (public/js/progress-charts.js) draw it in Chromium under the strict policy: a bar per day with answers
// in proportion, the accuracy line, the reviews due ahead, the weak concepts; each a labelled image with its
// numbers in a table a keyboard reaches; no axe finding; and at phone width nothing overflows. A weak concept's
// term may hold TeX ("Spannung $U$"), shown as written before (audit R4 F4): its label and its table row render
// it as the lesson does (KaTeX's MathML, sanitized: a term's markup stays inert), and the chart's accessible name
// reads it without its delimiters.
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEARNER_MIGRATIONS } from "../../src/learning/learner-schema";
import { LearnerStore, type Progress } from "../../src/learning/learner-store";
import { seriousViolations } from "../support/axe";
import { launchChromium } from "../support/chromium";
import { blankPage, pageModuleRoutes } from "../support/page-modules";
import { startPageServer, type PageServer } from "../support/page-server";
import { fromRoot } from "../support/paths";
import { nodeSqlStorage } from "../support/sqlite-storage";
import { WEEK_DAILY, WEEK_NOW, weekOfAnswers } from "../support/week-of-answers";

let server: PageServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];

/** Weak concepts whose terms hold TeX, and markup that must stay text. */
const WEAK = [
  { term: "Spannung $U$", misses: 3, lessonKey: "strom.md" },
  { term: "Power rule $x^n$", misses: 2, lessonKey: "derivatives.md" },
  { term: 'Trap <img src="x"> $\\href{javascript:alert(1)}{y}$', misses: 1, lessonKey: "trap.md" },
];

function weekProgress(): Progress {
  const sql = nodeSqlStorage();
  for (const migration of LEARNER_MIGRATIONS) sql.exec(migration as string);
  const store = new LearnerStore(sql);
  store.claim(null);
  for (const { attempt, at } of weekOfAnswers()) store.record(attempt, at);
  return store.progress(WEEK_NOW, { maxWeakConcepts: 10, days: 7, ahead: 7 });
}

describe("the progress charts", () => {
  beforeAll(async () => {
    server = await startPageServer({ "/": blankPage, "/favicon.ico": (_req, res) => void res.writeHead(204).end(), ...pageModuleRoutes() });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await page.goto(server.url("/"));
    await page.addStyleTag({ url: "/style.css" });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("draw a week of answers, the reviews ahead and the weak concepts, accessibly, at phone width", async () => {
    const progress = weekProgress();
    expect(progress.daily).toEqual(WEEK_DAILY);
    await page.evaluate(`(async () => {
      const { progressCharts } = await import("/js/progress-charts.js");
      document.getElementById("out").replaceChildren(...progressCharts(${JSON.stringify(progress)}));
    })()`);

    // One bar per day, their heights in proportion to the answers (the busiest day the tallest).
    const bars = await page.locator('[data-chart="answers"] rect.bar').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute("height"))));
    expect(bars).toHaveLength(7);
    const most = Math.max(...WEEK_DAILY.map((d) => d.answered));
    WEEK_DAILY.forEach((d, i) => expect(bars[i]! / bars[WEEK_DAILY.findIndex((x) => x.answered === most)]!).toBeCloseTo(d.answered / most, 5));
    // The accuracy line has a point per day with answers.
    expect(await page.locator('[data-chart="answers"] circle.accuracy-point').count()).toBe(WEEK_DAILY.filter((d) => d.answered).length);
    expect(await page.locator('[data-chart="answers"] svg').getAttribute("aria-label")).toBe(
      "14 answers over 7 days, 7 correct (50 %); bars: answers per day, line: accuracy.",
    );
    expect(await page.locator('[data-chart="reviews"] rect.bar').count()).toBe(7);
    expect(await page.locator('[data-chart="weak"] svg').getAttribute("aria-label")).toContain("Chain rule");

    // By keyboard: the numbers of each chart open from its summary.
    const summary = page.locator('[data-chart="answers"] summary');
    await summary.focus();
    await page.keyboard.press("Enter");
    const rows = await page.locator('[data-chart="answers"] table tr').allTextContents();
    expect(rows).toHaveLength(1 + WEEK_DAILY.filter((d) => d.answered).length);
    expect(rows.at(-1)).toContain("50 %");

    expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: resolve(fromRoot("test-results"), "progress-charts-phone.png"), fullPage: true });
    expect(problems).toEqual([]);
  });

  it("render a weak concept's math in its label and its table row, and name it without delimiters", async () => {
    await page.evaluate(`(async () => {
      const { progressCharts } = await import("/js/progress-charts.js");
      document.getElementById("out").replaceChildren(...progressCharts(${JSON.stringify({ daily: [], reviewsAhead: [], weakConcepts: WEAK })}));
    })()`);
    const weak = page.locator('[data-chart="weak"]');
    await weak.locator("summary").click();

    // The labels and the rows: math as MathML, no `$` left.
    const labels = weak.locator("svg .tick-label");
    expect(await labels.count()).toBe(3);
    expect(await weak.locator("svg .tick-label math").count()).toBe(3);
    expect(await weak.locator("table th[scope=row] math").count()).toBe(3);
    for (const text of [...(await labels.allInnerTexts()), ...(await weak.locator("table th[scope=row]").allInnerTexts())]) expect(text).not.toContain("$");
    expect(await weak.locator("table th[scope=row]").first().innerText()).toMatch(/^Spannung/);
    expect(await weak.locator("table th[scope=row] annotation").first().textContent()).toBe("U");

    // The image's name is text: the math without its delimiters.
    expect(await weak.locator("svg").getAttribute("aria-label")).toContain("Spannung U (3), Power rule x^n (2)");

    // A term's markup stays text, and KaTeX makes no link of \href.
    expect(await weak.locator("img").count()).toBe(0);
    expect(await weak.locator("a").count()).toBe(0);
    expect(await weak.locator("table th[scope=row]").last().innerText()).toContain('<img src="x">');

    expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await weak.screenshot({ path: resolve(fromRoot("test-results"), "weak-concepts-math-phone.png") });
    expect(problems).toEqual([]);
  });
});
