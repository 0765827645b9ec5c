import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { type LessonBucket, getLesson, isLessonKey, lessonKey, listLessons } from "../../src/lessons/store";
import { createSaveDocumentTool, sanitizeFilename } from "../../src/tools/save-document";
import { GOOD_LESSON_SOURCES, goodLesson } from "../support/lesson-fixtures";
import { MemoryLessonBucket } from "../support/memory-lesson-bucket";
import { callTool, toolContext } from "../support/run-tool";
import { RunState } from "../../src/agent/run-state";

const lesson = goodLesson;
const FETCHED = GOOD_LESSON_SOURCES;
const brokenLesson = lesson.replace("- D. $3x$\n", "");

/** One run of one session: the tool and a context whose runState persists across calls. */
function session(bucket: LessonBucket, sessionId: string, opts: { maxBytes?: number; maxRepairs?: number; fetched?: ReadonlySet<string> } = {}) {
  const tool = createSaveDocumentTool({
    bucket,
    sessionId,
    maxBytes: opts.maxBytes ?? 1_000_000,
    ...(opts.maxRepairs !== undefined ? { maxRepairs: opts.maxRepairs } : {}),
  });
  const ctx = toolContext({ sessionId, runState: new RunState({ fetchedUrls: new Set(opts.fetched ?? FETCHED) }) });
  return (args: Record<string, unknown>) => callTool(tool, args, ctx);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("sanitizeFilename", () => {
  it.each([
    ["Calculus Basics", "calculus-basics"],
    ["calculus-basics.md", "calculus-basics"],
    ["Lesson 1: Limits.MD", "lesson-1-limits"],
    ["../../etc/passwd", "etc-passwd"],
    ["/etc/passwd", "etc-passwd"],
    ["..\\..\\windows\\system32", "windows-system32"],
    ["lessons/../../secret", "lessons-secret"],
    ["%2e%2e%2fsecret", "2e-2e-2fsecret"],
    ["name\u0000\n\r\twith\u001bcontrol\u202e", "name-with-control"],
    ["Café Crème", "cafe-creme"],
    ["..", "document"],
    ["!!!", "document"],
    ["a".repeat(500), "a".repeat(80)],
  ])("%j → %j", (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
    expect(isLessonKey(lessonKey(sanitizeFilename(input), "md"))).toBe(true);
  });

  it("keeps names without an ASCII form apart with a stable tag", () => {
    const calculus = sanitizeFilename("微积分");
    expect(calculus).toMatch(/^[a-z0-9]+$/);
    expect(sanitizeFilename("微积分")).toBe(calculus);
    expect(sanitizeFilename("线性代数")).not.toBe(calculus);
    expect(sanitizeFilename("微积分 basics")).toMatch(/^basics-[a-z0-9]+$/);
    expect(sanitizeFilename("数".repeat(300) + "x".repeat(300)).length).toBeLessThanOrEqual(80);
  });
});

describe("save_document", () => {
  it("saves a valid lesson under lessons/ with its metadata and link", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T10:00:00.000Z"));
    const bucket = new MemoryLessonBucket();
    const result = await session(bucket, "sess-a")({ filename: "Derivatives", content: lesson, topic: "calculus" });

    expect(result.status).toBe("success");
    expect(result.content).toContain("lessons/derivatives.md");
    expect(result.content).toContain("link: /v1/lessons/derivatives.md");
    expect(result.content).toContain("passes the lesson format check");
    expect([...bucket.objects.keys()]).toEqual(["lessons/derivatives.md"]);
    const stored = bucket.objects.get("lessons/derivatives.md")!;
    expect(stored.value).toBe(lesson);
    expect(stored.httpMetadata).toEqual({ contentType: "text/markdown; charset=utf-8" });
    expect(stored.customMetadata).toEqual({
      title: "Derivatives: Measuring Change",
      topic: "calculus",
      session: "sess-a",
      createdAt: "2026-03-01T10:00:00.000Z",
      bytes: String(new TextEncoder().encode(lesson).byteLength),
      status: "final",
      format: "md",
      // The lesson's share token (src/lessons/lesson-share.ts): 128 random bits.
      share: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
  });

  it("keeps a traversal filename inside lessons/", async () => {
    const bucket = new MemoryLessonBucket();
    const result = await session(bucket, "sess-a")({ filename: "../../etc/passwd", content: "root:x:0:0" });
    expect(result.status).toBe("success");
    expect([...bucket.objects.keys()]).toEqual(["lessons/etc-passwd.md"]);
  });

  it("never overwrites another session's file, even when asked: it saves under a suffixed key", async () => {
    const bucket = new MemoryLessonBucket();
    await session(bucket, "sess-a")({ filename: "calculus", content: "A's notes" });
    const b = session(bucket, "sess-b");

    const first = await b({ filename: "calculus", content: "B's notes", overwrite: true });
    expect(first.status).toBe("success");
    expect(first.content).toContain("lessons/calculus-2.md");
    expect(first.content).toContain("calculus.md belongs to another conversation");
    expect(bucket.text("lessons/calculus.md")).toBe("A's notes");
    expect(bucket.text("lessons/calculus-2.md")).toBe("B's notes");

    // B's own file is calculus-2.md from now on: overwriting it keeps A's untouched.
    const createdAt = bucket.objects.get("lessons/calculus-2.md")!.customMetadata!.createdAt;
    const again = await b({ filename: "calculus", content: "B's notes, v2", overwrite: true });
    expect(again.content).toContain("lessons/calculus-2.md");
    expect(bucket.text("lessons/calculus.md")).toBe("A's notes");
    expect(bucket.text("lessons/calculus-2.md")).toBe("B's notes, v2");
    expect(bucket.objects.get("lessons/calculus-2.md")!.customMetadata!.createdAt).toBe(createdAt);
  });

  it("overwrites its own file only when asked", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket, "sess-a");
    await save({ filename: "notes", content: "v1" });

    const refused = await save({ filename: "notes", content: "v2" });
    expect(refused.status).toBe("error");
    expect(refused.content).toContain("lessons/notes.md already exists");
    expect(refused.content).toContain("overwrite: true");
    expect(bucket.text("lessons/notes.md")).toBe("v1");

    expect((await save({ filename: "notes", content: "v2", overwrite: true })).status).toBe("success");
    expect(bucket.text("lessons/notes.md")).toBe("v2");
    expect(bucket.objects.size).toBe(1);
  });

  it("loses no file when another session takes the same key between its check and its write", async () => {
    const bucket = new MemoryLessonBucket();
    // The other session's write lands just after this session looked: head says "free", put must not clobber it.
    const racing: LessonBucket = {
      ...bucket,
      put: bucket.put.bind(bucket),
      get: bucket.get.bind(bucket),
      list: bucket.list.bind(bucket),
      async head(key) {
        const seen = await bucket.head(key);
        if (key === "lessons/race.md" && !seen) await bucket.put(key, "other session", { customMetadata: { session: "sess-b" } });
        return seen;
      },
    };
    const result = await session(racing, "sess-a")({ filename: "race", content: "mine" });
    expect(result.content).toContain("lessons/race-2.md");
    expect(bucket.text("lessons/race.md")).toBe("other session");
    expect(bucket.text("lessons/race-2.md")).toBe("mine");
  });

  it("saves a failing lesson as a draft and answers partial with the findings", async () => {
    const bucket = new MemoryLessonBucket();
    const result = await session(bucket, "sess-a")({ filename: "derivatives", content: brokenLesson });

    expect(result.status).toBe("partial");
    expect(result.content).toContain("Saved as a DRAFT");
    expect(result.content).toContain(
      "[Chapter 1] line 63 `#### Exercise 1.2 (Multiple choice)`: Exercise 1.2 (Multiple choice) needs exactly four options A–D",
    );
    expect(result.content).toContain("The lesson is complete and fails 1 lesson check");
    expect(result.content).toContain('save_document with filename "derivatives" and edits [{old_text, new_text}]');
    expect(result.content).toContain("(repair 1 of 2)");
    expect(result.data).toMatchObject({ key: "derivatives.md", status: "draft", findings: [expect.objectContaining({ code: "mc_options", chapter: 1 })] });
    expect(bucket.text("lessons/derivatives.md")).toBe(brokenLesson);
    expect(bucket.objects.get("lessons/derivatives.md")!.customMetadata!.status).toBe("draft");
  });

  it("checks sources against the URLs fetched in this run", async () => {
    const bucket = new MemoryLessonBucket();
    const result = await session(bucket, "sess-a", { fetched: new Set(["https://en.wikipedia.org/wiki/Derivative"]) })({ filename: "d", content: lesson });
    expect(result.status).toBe("partial");
    expect(result.content).toContain("Source https://en.wikipedia.org/wiki/Limit_(mathematics) was not fetched in this run");
    expect(result.content).toContain("Source https://www.example.edu/numerical-differentiation/ was not fetched in this run");
  });

  it("bounds the repair loop, then says the limit is reached; a repaired lesson becomes final", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket, "sess-a");
    const args = { filename: "derivatives", content: brokenLesson, overwrite: true };

    expect((await save(args)).content).toContain("(repair 1 of 2)");
    expect((await save(args)).content).toContain("(repair 2 of 2)");
    const third = await save(args);
    expect(third.status).toBe("partial");
    expect(third.content).toContain("The repair limit for this run (2) is reached: do not save this lesson again");
    expect(third.content).not.toContain("call save_document with");
    expect(bucket.objects.get("lessons/derivatives.md")!.customMetadata!.status).toBe("draft");

    const fixed = await save({ ...args, content: lesson });
    expect(fixed.status).toBe("success");
    expect(bucket.objects.get("lessons/derivatives.md")!.customMetadata!.status).toBe("final");
  });

  it("honours maxRepairs", async () => {
    const save = session(new MemoryLessonBucket(), "sess-a", { maxRepairs: 0 });
    expect((await save({ filename: "d", content: brokenLesson })).content).toContain("The repair limit for this run (0) is reached");
  });

  it("does not validate documents that are not lessons", async () => {
    const bucket = new MemoryLessonBucket();
    const save = session(bucket, "sess-a");
    const notes = await save({ filename: "notes", content: "# Notes\n\n- limits first", title: "My\nnotes\u0007" });
    expect(notes.status).toBe("success");
    expect(bucket.objects.get("lessons/notes.md")!.customMetadata!.title).toBe("My notes");

    const text = await save({ filename: "lesson-as-text", content: brokenLesson, format: "txt" });
    expect(text.status).toBe("success");
    expect(bucket.objects.get("lessons/lesson-as-text.txt")!.httpMetadata).toEqual({ contentType: "text/plain; charset=utf-8" });
  });

  it("refuses content over maxBytes, counting UTF-8 bytes", async () => {
    const bucket = new MemoryLessonBucket();
    const result = await session(bucket, "sess-a", { maxBytes: 10 })({ filename: "big", content: "微积分微" });
    expect(result).toMatchObject({ status: "error", content: expect.stringContaining("would be 12 bytes; the limit is 10") });
    expect(bucket.objects.size).toBe(0);
  });

  it("rejects arguments outside its schema", async () => {
    const result = await session(new MemoryLessonBucket(), "sess-a")({ filename: "x", content: "y", format: "exe" });
    expect(result.status).toBe("error");
    expect(result.content).toContain("Invalid arguments for save_document");
  });
});

describe("lesson store reads", () => {
  it("lists lessons newest first, across pages, with their metadata", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const bucket = new MemoryLessonBucket(2);
    const save = session(bucket, "sess-a");
    const saves = [
      ["b-middle", "2026-03-02T00:00:00.000Z"],
      ["a-newest", "2026-03-03T00:00:00.000Z"],
      ["c-oldest", "2026-03-01T00:00:00.000Z"],
    ] as const;
    for (const [filename, at] of saves) {
      vi.setSystemTime(new Date(at));
      await save({ filename, content: `# ${filename}`, topic: "t" });
    }
    vi.setSystemTime(new Date("2026-03-04T00:00:00.000Z"));
    await save({ filename: "draft", content: brokenLesson });
    await bucket.put("lessons/Not A Key.md", "x");
    await bucket.put("elsewhere/z.md", "x");

    const lessons = await listLessons(bucket, null);
    expect(lessons.map((l) => l.key)).toEqual(["draft.md", "a-newest.md", "b-middle.md", "c-oldest.md"]);
    expect(lessons[0]).toMatchObject({ title: "Derivatives: Measuring Change", status: "draft", createdAt: "2026-03-04T00:00:00.000Z" });
    expect(lessons[1]).toEqual({ key: "a-newest.md", title: "a-newest", topic: "t", createdAt: "2026-03-03T00:00:00.000Z", bytes: 10, status: "final" });
  });

  it("reads one lesson by key, refusing keys outside the scheme", async () => {
    const bucket = new MemoryLessonBucket();
    await session(bucket, "sess-a")({ filename: "derivatives", content: lesson });
    await bucket.put("secret.md", "not a lesson");

    const found = await getLesson(bucket, "derivatives.md", null);
    expect(found?.markdown).toBe(lesson);
    expect(found?.meta).toMatchObject({
      key: "derivatives.md",
      title: "Derivatives: Measuring Change",
      status: "final",
      session: "sess-a",
      contentType: "text/markdown; charset=utf-8",
    });
    expect(await getLesson(bucket, "missing.md", null)).toBeNull();
    for (const key of ["../secret.md", "lessons/derivatives.md", "Derivatives.md", "derivatives", "derivatives.md/"]) {
      expect(await getLesson(bucket, key, null)).toBeNull();
    }
  });

  it("LessonBucket is satisfied by the R2 binding", () => {
    expectTypeOf<R2Bucket>().toExtend<LessonBucket>();
  });
});
