// The length check in workerd, where save_document runs: Intl.Segmenter there finds Chinese and
// Japanese words from its dictionaries (a word is one to a few characters, not one each), and a
// session with LESSON_LENGTH_CHECK on reports a chapter under half of LESSON_CHAPTER_WORDS.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import ja from "../../skills/knowledge-compiler/languages/ja.md?raw";
import zh from "../../skills/knowledge-compiler/languages/zh.md?raw";
import { validateLesson } from "../../src/lessons/validator";
import { script } from "../support/model-control";
import { overrideSessionConfig } from "../support/session-config";
import { studyReplies } from "../support/study-script";
import { call, uniqueId } from "../support/worker-http";

const sample = (sheet: string) => /```markdown\n([\s\S]*?)```/.exec(sheet)![1]!;

describe("chapter length in workerd", () => {
  it.each([
    ["Chinese", "zh", sample(zh)],
    ["Japanese", "ja", sample(ja)],
  ])("counts %s words, not characters", (_, language, lesson) => {
    // The sample's prose in its own script only: a word per character would be one segment each.
    const prose = lesson.replace(/[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}。、，]/gu, "");
    const characters = prose.replace(/[。、，]/g, "").length;
    const words = [...new Intl.Segmenter(language, { granularity: "word" }).segment(prose)].filter((s) => s.isWordLike).length;
    expect(words).toBeLessThan(characters * 0.8);
    expect(words).toBeGreaterThan(characters / 4);
    // The validator counts with it: the sample is short of a 10,000-word target, not of the smallest one.
    expect(validateLesson(lesson, { chapterWords: 10_000 }).findings.map((f) => f.code)).toEqual(["chapter_too_short"]);
    expect(validateLesson(lesson, { chapterWords: 200 }).findings).toEqual([]);
  });

  it("a session with LESSON_LENGTH_CHECK on saves a short chapter as a draft that says so", async () => {
    const sid = uniqueId("length");
    await overrideSessionConfig(sid, { LESSON_LENGTH_CHECK: "true", LESSON_CHAPTER_WORDS: "1200" });
    const marker = await script(uniqueId("length-run"), studyReplies(String(env.SEARCH_BASE_URL), "Short Chapters"));
    await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} teach me derivatives` } });
    const trace = (await (await call(`/v1/sessions/${sid}/events`)).json()) as {
      events: Array<{ type: string; data: { status?: string; findings?: string[] } }>;
    };
    const saved = trace.events.find((e) => e.type === "document.saved")!.data;
    expect(saved.status).toBe("draft");
    expect(saved.findings!.length).toBeGreaterThan(0);
    for (const f of saved.findings!)
      expect(f).toMatch(/^Chapter \d teaches in about \d+ words .* the target is about 1200 words and a chapter needs at least 600/);
  });
});
