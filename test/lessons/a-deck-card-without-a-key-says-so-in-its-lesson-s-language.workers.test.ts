// A deck card for an exercise the Answer Key has no entry for says so in the lesson's language: an Arabic or Spanish
// lesson's card read "(no answer in the lesson's Answer Key)" in English. The phrase is learner-phrases.json's `noKey`.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import learner from "../../public/i18n/learner-phrases.json";
import ar from "../../skills/knowledge-compiler/languages/ar.md?raw";
import es from "../../skills/knowledge-compiler/languages/es.md?raw";
import { putLesson } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

/** A language sheet's sample lesson without the Answer Key entry of exercise 1.4. */
const withoutKeyOf14 = (sheet: string) => /```markdown\n([\s\S]*?)```/.exec(sheet)![1]!.replace(/^### \S+ 1\.4\n[\s\S]*?(?=^### )/m, "");

describe("a deck card without an Answer Key entry", () => {
  it.each([
    ["Arabic", ar, `<div dir="rtl">${learner.ar.noKey}</div>`],
    ["Spanish", es, learner.es.noKey],
  ])("says so in the %s lesson's language", async (_, sheet, back) => {
    const key = `${uniqueId("keyless-deck")}.md`;
    await putLesson(env.LESSONS, key, withoutKeyOf14(sheet));
    const res = await call(`/v1/lessons/${key}/deck`);
    expect(res.status).toBe(200);
    const cards = (await res.text()).split("\n").filter((l) => l.includes("\t"));
    const card = cards.find((l) => l.startsWith(`studyagent:${key}#1.4\t`))!.split("\t");
    expect(card[2]).toBe(back);
    expect(back).not.toContain(learner.en.noKey);
  });
});
