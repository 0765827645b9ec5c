// The blind answer check: a reader with only the chapter (never the Answer Key) solves the multiple
// choice and fill-in exercises, one model call per chapter; a wrong key comes back as a finding. An
// in-memory model plays that reader.
import { describe, expect, it } from "vitest";
import type { ModelClient, ModelRequest } from "../../src/agent/model";
import { RunState } from "../../src/agent/run-state";
import { createSaveDocumentTool } from "../../src/tools/save-document";
import { requestText } from "../support/agent-run";
import { GOOD_LESSON_SOURCES, goodLesson } from "../support/lesson-fixtures";
import { MemoryLessonBucket } from "../support/memory-lesson-bucket";
import { callTool, toolContext } from "../support/run-tool";
import { FakeModel, type FakeReply } from "../support/fake-model";
import { languageSheet } from "../support/language-sheets";

const lesson = goodLesson;
const FETCHED = GOOD_LESSON_SOURCES;
// Exercise 1.2 with options C and D swapped: D ($3x^2$) is right, the key still says C.
const wrongKey = lesson.replace("- C. $3x^2$\n- D. $3x$", "- C. $3x$\n- D. $3x^2$");

/** A reader that solves from the chapter it is given: what a careful student would answer. */
const solver: FakeReply = {
  dynamic: (req: ModelRequest) => {
    const text = requestText(req);
    if (text.includes("## Chapter 1:")) {
      const d = text.includes("- D. $3x^2$") ? "D" : "C";
      return { text: `{"1.1": "B", "1.2": "${d}", "1.3": "$5x^4$"}` };
    }
    return { text: '```json\n{"2.1": "b", "2.2": "B", "2.3": "2h"}\n```' };
  },
};

function session(bucket: MemoryLessonBucket, model?: ModelClient) {
  const tool = createSaveDocumentTool({ bucket, sessionId: "sess-a", maxBytes: 1_000_000, ...(model ? { answerCheck: { model } } : {}) });
  const ctx = toolContext({ sessionId: "sess-a", runState: new RunState({ fetchedUrls: new Set(FETCHED) }) });
  return (args: Record<string, unknown>) => callTool(tool, args, ctx);
}

describe("the blind answer check", () => {
  it("catches a wrong key (C where D is right) from one call per chapter that never sees the key", async () => {
    const model = new FakeModel([solver, solver]);
    const bucket = new MemoryLessonBucket();
    const result = await session(bucket, model)({ filename: "derivatives", content: wrongKey });

    expect(result.status).toBe("partial");
    const findings = (result.data as { findings: { code: string; chapter: number; quote: string }[] }).findings;
    expect(findings).toEqual([expect.objectContaining({ code: "answer_disputed", chapter: 1, quote: "**Answer:** C" })]);
    expect(result.content).toContain("Exercise 1.2: the Answer Key says C, but a reader who solved it from Chapter 1 alone, without the key, answered D");
    expect(bucket.objects.get("lessons/derivatives.md")!.customMetadata!.status).toBe("draft");
    expect(result.usage?.totalTokens).toBeGreaterThan(0);

    const requests = model.requests();
    expect(requests).toHaveLength(2);
    for (const req of requests) {
      const text = requestText(req);
      expect(text).not.toContain("## Answer Key");
      expect(text).not.toContain("**Answer:**");
    }
    expect(requests.map((r) => (requestText(r).includes("## Chapter 1:") ? 1 : 2)).sort()).toEqual([1, 2]);
  });

  it("a key the reader agrees with is final; fixing the key by an edit re-checks without solving the unchanged chapters again", async () => {
    const model = new FakeModel([solver, solver]);
    const bucket = new MemoryLessonBucket();
    const save = session(bucket, model);
    expect((await save({ filename: "derivatives", content: wrongKey })).status).toBe("partial");
    const fixed = await save({
      filename: "derivatives",
      edits: [{ old_text: "**Answer:** C\n**Explanation:** Power rule", new_text: "**Answer:** D\n**Explanation:** Power rule" }],
    });
    expect(fixed.status).toBe("success");
    expect(fixed.content).toContain("passes the lesson format check and the blind answer check");
    expect(model.requests()).toHaveLength(2);
  });

  it("is off without a model (LESSON_ANSWER_CHECK=false): the wrong key passes the form check", async () => {
    const result = await session(new MemoryLessonBucket())({ filename: "derivatives", content: wrongKey });
    expect(result.status).toBe("success");
    expect(result.content).not.toContain("blind answer check");
  });

  it("does not block a lesson when the reader fails: the lesson is final and the result says the check could not run", async () => {
    const model = new FakeModel([{ error: "model_unavailable" }, { text: "I think B." }]);
    const result = await session(new MemoryLessonBucket(), model)({ filename: "derivatives", content: lesson });
    expect(result.status).toBe("success");
    expect(result.content).toContain("The blind answer check could not run for Chapter");
  });

  describe("fill-in keys compared as whole values, with every form the key allows", () => {
    const sample = languageSheet("en");
    const reader = (fill: string): FakeReply => ({ text: JSON.stringify({ "1.1": "B", "1.2": "C", "1.3": fill }) });
    // Exercise 1.3 asks for a number; its key says 17 where 7 is right.
    const seventeen = sample.lesson
      .replace("The derivative of $x^6$ is ____ .", "In $(x^7)' = n x^6$, the number $n$ is ____ .")
      .replace("**Answer:** $6x^5$\n**Accepted:** 6x^5; 6x⁵; 6*x^5\n", "**Answer:** 17\n");

    it("catches a wrong key 17 when the reader answers 7 (never a substring match)", async () => {
      const model = new FakeModel([reader("7")]);
      const tool = createSaveDocumentTool({ bucket: new MemoryLessonBucket(), sessionId: "s", maxBytes: 1_000_000, answerCheck: { model } });
      const ctx = toolContext({ sessionId: "s", runState: new RunState({ fetchedUrls: new Set(sample.sources) }) });
      const result = await callTool(tool, { filename: "powers", content: seventeen }, ctx);
      expect((result.data as { findings: unknown[] }).findings).toEqual([
        expect.objectContaining({ code: "answer_disputed", quote: "**Answer:** 17", message: expect.stringContaining('the Answer Key says "17"') }),
      ]);
      expect(result.content).toContain('answered "7"');
    });

    it("raises no alarm for a German key 5.000 when the reader writes 5,000 as English does", async () => {
      const de = languageSheet("de");
      const milliamperes = de.lesson
        .replace("Die Stromstärke beträgt ____ A.", "Die Stromstärke beträgt ____ mA.")
        .replace("**Lösung:** 5\n**Ebenfalls richtig:** 5 A; fünf\n", "**Lösung:** 5.000\n");
      const model = new FakeModel([{ text: JSON.stringify({ "1.1": "D", "1.2": "B", "1.3": "5,000" }) }]);
      const tool = createSaveDocumentTool({ bucket: new MemoryLessonBucket(), sessionId: "s", maxBytes: 1_000_000, answerCheck: { model } });
      const ctx = toolContext({ sessionId: "s", runState: new RunState({ fetchedUrls: new Set(de.sources) }) });
      const result = await callTool(tool, { filename: "strom", content: milliamperes }, ctx);
      expect(milliamperes).toContain("**Lösung:** 5.000");
      expect((result.data as { findings?: unknown[] }).findings ?? []).toEqual([]);
    });

    it.each([
      ["False", []],
      ["F", []],
      ["wahr", [expect.objectContaining({ code: "answer_disputed", quote: "**Lösung:** Falsch" })]],
    ])("reads a true/false key Falsch against a reader's %s as the graders do", async (reply, findings) => {
      const de = languageSheet("de");
      const trueOrFalse = de.lesson
        .replace("Die Stromstärke beträgt ____ A.", "Wahr oder falsch: Die Stromstärke beträgt 50 A. ____")
        .replace("**Lösung:** 5\n**Ebenfalls richtig:** 5 A; fünf\n", "**Lösung:** Falsch\n");
      const model = new FakeModel([{ text: JSON.stringify({ "1.1": "D", "1.2": "B", "1.3": reply }) }]);
      const tool = createSaveDocumentTool({ bucket: new MemoryLessonBucket(), sessionId: "s", maxBytes: 1_000_000, answerCheck: { model } });
      const ctx = toolContext({ sessionId: "s", runState: new RunState({ fetchedUrls: new Set(de.sources) }) });
      const result = await callTool(tool, { filename: "strom", content: trueOrFalse }, ctx);
      expect(trueOrFalse).toContain("**Lösung:** Falsch");
      expect((result.data as { findings?: unknown[] }).findings ?? []).toEqual(findings);
    });

    it.each([
      ["an Accepted form", "6x⁵"],
      ["Python's power, listed nowhere", "6x**5"],
      ["TeX braces", "6x^{5}"],
      ["a leading y' =", "y' = 6x^5"],
    ])("raises no alarm for a correct key when the reader uses %s (%s)", async (_, fill) => {
      const model = new FakeModel([reader(fill)]);
      const tool = createSaveDocumentTool({ bucket: new MemoryLessonBucket(), sessionId: "s", maxBytes: 1_000_000, answerCheck: { model } });
      const ctx = toolContext({ sessionId: "s", runState: new RunState({ fetchedUrls: new Set(sample.sources) }) });
      const result = await callTool(tool, { filename: "powers", content: sample.lesson }, ctx);
      expect(result.content).toContain("passes the lesson format check and the blind answer check");
    });
  });
});
