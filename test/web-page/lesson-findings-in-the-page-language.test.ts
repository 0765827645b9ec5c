// The lesson check's findings on a saved draft are said in the page's language in the activity panel, by
// each finding's code and chapter (document.saved's findingCodes, public/js/lesson-findings.js): in Chromium
// set to Spanish, "Capítulo 2: falta una parte de la explicación.", with findings said alike as one line with
// their number, and a code the page has no phrase for named in Spanish. The check's English words, written for
// the model, are not shown; they are only for a save traced before findings had codes, which has nothing else.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fill } from "../../src/lib/phrase-book";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi } from "../support/page-on-fake-api";
import { fromRoot } from "../support/paths";

const es = JSON.parse(readFileSync(fromRoot("public/i18n/page/es.json"), "utf8")) as Record<string, string>;
const RUNS = `/v1/sessions/${FAKE_SESSION}/runs`;
const ENGLISH = [
  "Chapter 2 has no #### Common mistakes part in its Explanation; add it as a level-4 heading inside the Explanation.",
  "Chapter 2 has no #### Formula or code part in its Explanation; add it as a level-4 heading inside the Explanation.",
  "The lesson has no ## Answer Key: add it after the last chapter, with a `### Exercise N.K` entry (answer and explanation) for every exercise.",
  "A check added after this page was written.",
];
const CODES = [
  { code: "missing_explanation_part", chapter: 2 },
  { code: "missing_explanation_part", chapter: 2 },
  { code: "missing_answer_key" },
  { code: "brand_new_check", chapter: 1 },
];

/** A run that saves a draft whose document.saved has `findingCodes` (none: traced before they existed). */
const savingRun = (findingCodes?: unknown[]) => [
  { event: "run.started", data: { runId: "run_1" }, id: 1 },
  {
    event: "document.saved",
    data: {
      key: "derivadas.md",
      link: "/v1/lessons/derivadas.md",
      title: "Derivadas",
      status: "draft",
      findings: ENGLISH,
      ...(findingCodes ? { findingCodes } : {}),
    },
    id: 2,
  },
  { event: "run.completed", data: { runId: "run_1", status: "completed", steps: 1, usage: { totalTokens: 3 } }, id: 3 },
];

let opened: PageOnFakeApi;

describe("a draft's findings in the activity panel", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      { [RUNS]: (req, res) => sendEvents(res, savingRun(JSON.parse(req.body).input.includes("old") ? undefined : CODES)) },
      undefined,
      "es-ES",
    );
  }, 60_000);
  afterAll(() => opened?.close());

  const findings = async () => {
    const list = opened.page.locator(".message.assistant").last().locator(`ul.findings[aria-label="${es.validatorFound}"] > li`);
    await list.first().waitFor();
    return list.allTextContents();
  };

  it("are said in Spanish by their code and chapter, alike ones once with their number, never in the check's English", async () => {
    await askByKeyboard(opened.page, "Quiero aprender derivadas");
    const said = await findings();
    expect(said).toEqual([
      fill(es.findingTimes!, { finding: fill(es.findingMissingExplanationPart!, { chapter: 2 }), n: 2 }),
      es.findingMissingAnswerKey,
      fill(es.findingOther!, { code: "brand_new_check" }),
    ]);
    expect(said[0]).toBe("Capítulo 2: falta una parte de la explicación. (×2)");
    for (const english of ENGLISH) expect(said.join("\n")).not.toContain(english);
  });

  it("of a save traced before findings had codes are its words, all there is", async () => {
    await askByKeyboard(opened.page, "old trace");
    await expect.poll(findings).toEqual(ENGLISH);
  });
});
