// A draft's document.saved carries each finding of the lesson check twice: in the check's English words
// (`findings`, written for the model that repairs the lesson) and as its code and chapter (`findingCodes`,
// in the same order), by which the web page says it in the person's language. A final lesson has neither.
import { expect, it } from "vitest";
import { validateLesson } from "../../src/lessons/validator";
import { createSaveDocumentTool } from "../../src/tools/save-document";
import { RunState } from "../../src/agent/run-state";
import { GOOD_LESSON_SOURCES, goodLesson } from "../support/lesson-fixtures";
import { MemoryLessonBucket } from "../support/memory-lesson-bucket";
import { callTool, toolContext } from "../support/run-tool";

/** The document.saved event of saving `content`. */
async function savedEvent(content: string) {
  const tool = createSaveDocumentTool({ bucket: new MemoryLessonBucket(), sessionId: "s1", maxBytes: 1_000_000 });
  const ctx = toolContext({ sessionId: "s1", runState: new RunState({ fetchedUrls: new Set(GOOD_LESSON_SOURCES) }) });
  await callTool(tool, { filename: "derivatives", format: "md", content }, ctx);
  return ctx.events.find((e) => e.type === "document.saved")!;
}

it("gives a draft's findings by code and chapter, in the order of their words", async () => {
  const broken = goodLesson.replace("- D. $3x$\n", "").replace(/\n## Sources[\s\S]*$/, "\n");
  const expected = validateLesson(broken, { fetchedUrls: new Set(GOOD_LESSON_SOURCES) }).findings;
  expect(expected.map((f) => f.code)).toEqual(expect.arrayContaining(["mc_options", "missing_sources"]));
  const event = await savedEvent(broken);
  expect(event).toMatchObject({ status: "draft", findings: expected.map((f) => f.message) });
  expect(event.findingCodes).toEqual(expected.map(({ code, chapter }) => (chapter === undefined ? { code } : { code, chapter })));
  expect(event.findingCodes!.find((f) => f.code === "mc_options")!.chapter).toEqual(expect.any(Number));
});

it("gives a final lesson none", async () => {
  expect(await savedEvent(goodLesson)).toMatchObject({ status: "final", findings: [], findingCodes: [] });
});
