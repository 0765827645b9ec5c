// A course book written in parts and repaired by edits, in a scripted run of the real loop: the model
// sends at most two chapters a call, the blind answer check catches a wrong key, one edit call repairs
// it, and the output tokens stay within 1.15× the book's size with no call over 12k tokens.
import { describe, expect, it } from "vitest";
import { estimateTextTokens } from "../../src/agent/context/tokens";
import type { ModelRequest } from "../../src/agent/model";
import { RunState } from "../../src/agent/run-state";
import { FETCHED_URLS } from "../../src/tools/fetch-webpage";
import { lessonChapters } from "../../src/lessons/validator";
import { createSaveDocumentTool } from "../../src/tools/save-document";
import { requestText, runAgent } from "../support/agent-run";
import { COURSE_BOOK_SOURCES, courseBook } from "../support/course-book";
import { FakeModel, type FakeReply } from "../support/fake-model";
import { LoopHarness } from "../support/loop-harness";
import { MemoryLessonBucket } from "../support/memory-lesson-bucket";

const h = new LoopHarness();

const MAX_CALL_TOKENS = 12_000;
const GOAL = 1.15;

/** A careful reader: answers each chapter's multiple choice from the options it is shown. */
const reader: FakeReply = {
  dynamic: (req: ModelRequest) => {
    const text = requestText(req);
    const n = Number(/## Chapter (\d+):/.exec(text)![1]);
    const letterOf = (k: number) => new RegExp(`#### Exercise ${n}\\.${k}[\\s\\S]*?- ([A-D])\\. (?:the rate of change|\\$12\\$)`).exec(text)![1];
    return { text: JSON.stringify({ [`${n}.1`]: letterOf(1), [`${n}.2`]: letterOf(2), [`${n}.3`]: "5x^4" }) };
  },
};

describe.each([3, 5])("a %i-chapter course book built in parts", (chapters) => {
  it("is written, caught by the checks, repaired by one edit call, and costs at most 1.15× its size", async () => {
    const { book, text: intended } = courseBook(chapters, { wrongKeyIn: 2, missingBlankIn: chapters });
    const bucket = new MemoryLessonBucket();
    // One reading per chapter as it arrives, and one more for the chapter the repair changes.
    const solver = new FakeModel(Array.from({ length: chapters + 1 }, () => reader));
    const save = createSaveDocumentTool({ bucket, sessionId: "sess-book", maxBytes: 1_000_000, answerCheck: { model: solver } });
    const filename = "calculus-basics";
    const edits = [
      { old_text: "### Exercise 2.2\n**Answer:** C", new_text: "### Exercise 2.2\n**Answer:** D" },
      { old_text: "What is the rate of change of $x^5$?", new_text: "The rate of change of $x^5$ is ____ ." },
    ];
    const replies: FakeReply[] = [
      ...book.parts.map((content, i) => ({
        toolCalls: [
          { name: "save_document", args: i === 0 ? { filename, title: "Calculus Basics", topic: "calculus", content } : { filename, append: true, content } },
        ],
      })),
      {
        toolCalls: [
          {
            name: "save_document",
            args: { filename, edits },
          },
        ],
      },
      { text: "Your course book is ready: /v1/lessons/calculus-basics.md" },
    ];
    const run = await runAgent(h, replies, {
      tools: [save],
      subagents: false,
      context: false,
      runState: new RunState({ [FETCHED_URLS]: new Set(COURSE_BOOK_SOURCES) }),
    });
    expect(run.result.status).toBe("completed");

    const results = run.messages.filter((m) => m.role === "tool");
    // Every part but the last is an unfinished draft; the last finds exactly the two real faults.
    const last = results[book.parts.length - 1]!;
    expect([...last.content.matchAll(/\((\w+)\)$/gm)].map((m) => m[1])).toEqual(["fill_in_no_blank", "answer_disputed"]);
    expect(last.content).toContain("Exercise 2.2: the Answer Key says C, but a reader who solved it from Chapter 2 alone, without the key, answered D");
    expect(results.at(-1)!.content).toContain("It passes the lesson format check and the blind answer check");
    expect(solver.requests()).toHaveLength(chapters + 1);
    const stored = bucket.text("lessons/calculus-basics.md")!;
    expect(bucket.objects.get("lessons/calculus-basics.md")!.customMetadata!.status).toBe("final");
    expect(lessonChapters(stored)).toHaveLength(chapters);
    const repaired = edits.reduce((text, e) => text.replace(e.old_text, e.new_text), intended);
    expect(stored.replace(/\s+/g, " ")).toBe(repaired.replace(/\s+/g, " "));

    // Output tokens: everything the model wrote (tool-call arguments and text), against the book's size.
    const calls = run.messages.flatMap((m) => (m.role === "assistant" ? [...(m.toolCalls ?? []).map((c) => c.args), m.content] : [])).filter(Boolean);
    const perCall = calls.map(estimateTextTokens);
    const output = perCall.reduce((a, b) => a + b, 0);
    const size = estimateTextTokens(stored);
    const ratio = output / size;
    console.log(
      `course book, ${chapters} chapters: output ${output} tokens for a ${size}-token book = ${ratio.toFixed(3)}× (goal ≤ ${GOAL}×); largest call ${Math.max(...perCall)} tokens (limit ${MAX_CALL_TOKENS}); ${perCall.length} model outputs`,
    );
    expect(ratio).toBeLessThanOrEqual(GOAL);
    expect(Math.max(...perCall)).toBeLessThanOrEqual(MAX_CALL_TOKENS);
    expect(book.parts.length).toBe(Math.ceil(chapters / 2));
  });
});
