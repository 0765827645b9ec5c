// save_document builds a document in parts (append) and repairs it by exact edits; every call
// validates the whole document and answers final or draft.
import { describe, expect, it } from "vitest";
import { createSaveDocumentTool } from "../../src/tools/save-document";
import { GOOD_LESSON_SOURCES, goodLesson } from "../support/lesson-fixtures";
import { RunState } from "../../src/agent/run-state";
import { MemoryLessonBucket } from "../support/memory-lesson-bucket";
import { callTool, toolContext } from "../support/run-tool";

const lesson = goodLesson;
const cut = lesson.indexOf("## Chapter 2:");
const FETCHED = GOOD_LESSON_SOURCES;
const [part1, part2] = [lesson.slice(0, cut), lesson.slice(cut)];

function session(bucket: MemoryLessonBucket, sessionId = "sess-a") {
  const tool = createSaveDocumentTool({ bucket, sessionId, maxBytes: 1_000_000 });
  const ctx = toolContext({ sessionId, runState: new RunState({ fetchedUrls: new Set(FETCHED) }) });
  return (args: Record<string, unknown>) => callTool(tool, args, ctx);
}

describe("save_document in parts", () => {
  it("appends to this session's document, creating it; the whole is validated each time", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket);
    const first = await save({ filename: "derivatives", content: part1, append: true });
    expect(first.status).toBe("partial");
    expect(first.content).toContain('Part 1 of "Derivatives: Measuring Change" saved');
    expect(first.content).toContain('Add the next part: save_document with filename "derivatives", append: true');
    expect(first.content).not.toContain("repair");
    expect(first.content).toContain("(missing_answer_key)");

    const second = await save({ filename: "derivatives", content: part2, append: true });
    expect(second.status).toBe("success");
    expect(bucket.text("lessons/derivatives.md")!.replace(/\n{2,}/g, "\n\n")).toBe(lesson.replace(/\n{2,}/g, "\n\n"));
    expect(bucket.objects.get("lessons/derivatives.md")!.customMetadata!.status).toBe("final");
  });

  it("numbers the parts, lists fixes for what is written without counting repairs, and once complete asks for edits only", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket);
    const key = lesson.indexOf("## Answer Key");
    const [chapter1, chapter2, rest] = [part1, lesson.slice(cut, key), lesson.slice(key)];

    await save({ filename: "derivatives", content: chapter1 });
    // Chapter 2 arrives with an option missing: a finding about what is written, fixed on the way.
    const second = await save({ filename: "derivatives", content: chapter2.replace("- D) $f(x)/h$\n", ""), append: true });
    expect(second.content).toContain('Part 2 of "Derivatives: Measuring Change" saved');
    expect(second.content).toContain("What you have written so far has 1 finding to fix");
    expect(second.content).toContain("(mc_options)");
    expect(second.content).toContain("this is not counted as a repair while the document is unfinished");
    expect(second.content).toContain('then add the next part: save_document with filename "derivatives", append: true');
    expect(second.data).not.toHaveProperty("repairsLeft");

    const fixed = await save({ filename: "derivatives", edits: [{ old_text: "- C) $f(x+h) - f(x)$\n", new_text: "- C) $f(x+h) - f(x)$\n- D) $f(x)/h$\n" }] });
    expect(fixed.content).toContain('Applied the edits to "Derivatives: Measuring Change"');
    expect(fixed.content).toContain("What is missing is for the parts to come");

    // The last part completes the book; a fault in it is for edits, not for another part.
    const last = await save({
      filename: "derivatives",
      content: rest.replace("**Answer:** B\n**Explanation:** A derivative", "**Answer:** the second\n**Explanation:** A derivative"),
      append: true,
    });
    expect(last.status).toBe("partial");
    expect(last.content).toContain("The lesson is complete and fails 1 lesson check");
    expect(last.content).toContain("(mc_answer_no_letter)");
    expect(last.content).toContain("do not send the document again and do not append to it (repair 1 of 2)");
    expect(last.content).not.toContain("Add the next part");
    expect(last.data).toMatchObject({ repairsLeft: 1 });
  });

  it("appends the same part once when a call is repeated", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket);
    await save({ filename: "notes", content: "# Notes", append: true });
    await save({ filename: "notes", content: "- one", append: true });
    await save({ filename: "notes", content: "- one", append: true });
    expect(bucket.text("lessons/notes.md")).toBe("# Notes\n\n- one");
  });

  it("never appends to another session's document: it starts its own", async () => {
    const bucket = new MemoryLessonBucket();
    await session(bucket, "sess-a")({ filename: "notes", content: "A's" });
    const b = await session(bucket, "sess-b")({ filename: "notes", content: "B's", append: true });
    expect(b.content).toContain("lessons/notes-2.md");
    expect(bucket.text("lessons/notes.md")).toBe("A's");
    expect(bucket.text("lessons/notes-2.md")).toBe("B's");
  });
});

describe("save_document edits", () => {
  it("repairs a draft with exact, unique replacements and answers final", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket);
    const draft = await save({ filename: "derivatives", content: lesson.replace("- D. $3x$\n", "") });
    expect(draft.status).toBe("partial");
    expect(draft.content).toContain("line 63 `#### Exercise 1.2 (Multiple choice)`");

    const fixed = await save({ filename: "derivatives", edits: [{ old_text: "- C. $3x^2$\n", new_text: "- C. $3x^2$\n- D. $3x$\n" }] });
    expect(fixed.status).toBe("success");
    expect(bucket.text("lessons/derivatives.md")).toBe(lesson);
  });

  it("names every edit that matches nothing or more than once, and applies none", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket);
    await save({ filename: "derivatives", content: lesson });
    const result = await save({
      filename: "derivatives",
      edits: [
        { old_text: "Derivatives: Measuring Change", new_text: "Derivatives" },
        { old_text: "no such text", new_text: "x" },
        { old_text: "### Summary", new_text: "### Recap" },
      ],
    });
    expect(result.status).toBe("error");
    expect(result.content).toContain("No edit was applied to derivatives.md");
    expect(result.content).toContain('edit 2 (old_text "no such text") matches nothing');
    expect(result.content).toContain('edit 3 (old_text "### Summary") matches 2 places; include more of the surrounding text');
    expect(result.content).not.toContain("edit 1");
    expect(bucket.text("lessons/derivatives.md")).toBe(lesson);
  });

  it("applies edits in order, each to the text the earlier ones left", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket);
    await save({ filename: "notes", content: "# Notes\n\nalpha beta" });
    const result = await save({
      filename: "notes",
      edits: [
        { old_text: "alpha", new_text: "gamma" },
        { old_text: "gamma beta", new_text: "delta" },
      ],
    });
    expect(result.status).toBe("success");
    expect(bucket.text("lessons/notes.md")).toBe("# Notes\n\ndelta");
  });

  it("refuses edits to a document this session does not have, and content with edits", async () => {
    const bucket = new MemoryLessonBucket();
    await session(bucket, "sess-b")({ filename: "notes", content: "B's" });
    const none = await session(bucket)({ filename: "notes", edits: [{ old_text: "B", new_text: "A" }] });
    expect(none).toMatchObject({ status: "error", content: expect.stringContaining('This conversation has no document "notes.md" to edit') });
    const both = await session(bucket)({ filename: "notes", content: "x", edits: [{ old_text: "B", new_text: "A" }] });
    expect(both).toMatchObject({ status: "error", content: expect.stringContaining("either content or edits") });
    expect(bucket.text("lessons/notes.md")).toBe("B's");
  });
});
