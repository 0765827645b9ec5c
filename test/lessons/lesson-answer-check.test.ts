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
});
