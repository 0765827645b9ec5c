// save_document: writes a document the agent produced (usually a lesson) to the lesson store.
// A document is built in parts and repaired by edits: `content` writes it whole, `append: true` adds
// to this session's document of that name, `edits` replaces exact text in it. The filename becomes a
// harmless slug inside lessons/, another session's file is never replaced, and every call validates
// the whole document when it is a lesson: a failing one is still kept, as a draft, and the findings
// (each quoting its line) go back to the model so it can repair the lesson (a bounded number of times).
// Before a lesson is final, the blind answer check solves its exercises without the key.
import * as z from "zod";
import { defineTool, fail, type ModelClient, ok, type Tool, type ToolContext, type ToolResult, type ToolSignature, type Usage } from "../agent";
import { bool, int } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";
import { trimChars, trimEndChars } from "../lib/trim-chars";
import type { BuiltinTool } from "./builtin-tool";
import { SkillsSettings } from "./skills";
import { applyEdits, appendBlock } from "./document-edits";
import { checkAnswersBlind, type SolverCache } from "../lessons/answer-check";
import {
  DOCUMENT_FORMATS,
  type DocumentFormat,
  type LessonBucket,
  type LessonStatus,
  MAX_SLUG_LENGTH,
  lessonKey,
  lessonMeta,
  lessonPath,
  objectKey,
} from "../lessons/store";
import { looksLikeLesson } from "../lessons/lesson-shape";
import { shareTokenOf } from "../lessons/lesson-share";
import { type LessonFinding, lessonTitle, readLesson, validateLesson } from "../lessons/validator";
import { draftReply, isComplete } from "./save-document-reply";
import { FETCHED_URLS } from "./fetch-webpage";
import type { Tenant } from "../lib/tenant";

/** runState key: how many lesson saves failed validation in this run (bounds the repair loop). */
const FAILED_LESSON_SAVES = "failedLessonSaves";
/** runState key: the blind answer check's answers per chapter text (an unchanged chapter is not solved twice). */
const SOLVER_CACHE = "lessonSolverAnswers";
/** runState key: per document key, the number of the part last saved in this run. */
const DOCUMENT_PARTS = "lessonDocumentParts";
declare module "../agent/run-state" {
  interface RunStateVars {
    [FAILED_LESSON_SAVES]: number;
    [SOLVER_CACHE]: SolverCache;
    [DOCUMENT_PARTS]: Map<string, number>;
  }
}
/** How many `-N` keys to try before giving up on a filename. */
const MAX_SUFFIX = 50;

/**
 * A filename as a slug of the key scheme: ASCII letters and digits joined by single hyphens, at most
 * MAX_SLUG_LENGTH characters. Everything else (slashes, dots, `..`, control characters, spaces)
 * separates words, so `../../etc/passwd` becomes `etc-passwd`. Letters that have no ASCII form
 * (微积分) are replaced by a short hash of the filename, so different names stay different.
 */
export function sanitizeFilename(filename: string): string {
  const withoutExt = filename.trim().replace(/\.(?:md|markdown|txt|csv|json)$/i, "");
  const ascii = withoutExt.normalize("NFKD").replace(/\p{M}/gu, "");
  let slug = trimChars(ascii.toLowerCase().replace(/[^a-z0-9]+/g, "-"), "-");
  const tag = /(?![\x00-\x7f])[\p{L}\p{N}]/u.test(ascii) ? fnv1a(filename.trim()) : "";
  const room = MAX_SLUG_LENGTH - (tag ? tag.length + 1 : 0);
  slug = trimEndChars(slug.slice(0, room), "-");
  return [slug, tag].filter(Boolean).join("-") || "document";
}

/** 32-bit FNV-1a in base 36: a short, stable tag (not a security measure). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(36);
}

/** Metadata text: no control characters, one line, bounded. */
function cleanText(text: string, max: number): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}

export interface SaveDocumentOptions {
  bucket: LessonBucket;
  sessionId: string;
  maxBytes: number;
  maxRepairs?: number;
  /** The session's tenant: it owns what the session saves (src/lib/tenant.ts). */
  tenant?: Tenant;
  /** The model of the blind answer check; without it (LESSON_ANSWER_CHECK=false) lessons are checked for form only. */
  answerCheck?: { model: ModelClient };
  /** LESSON_CHAPTER_WORDS: a chapter whose teaching part is under half of it gets a finding; absent: length is not checked. */
  chapterWords?: number;
}

const Edit = z.object({
  old_text: z.string().min(1).describe("Text copied exactly from the stored document; it must occur exactly once"),
  new_text: z.string().describe("What replaces it (empty deletes it)"),
});

const SaveDocumentInput = z
  .object({
    filename: z.string().min(1).max(200).describe("A short English name, e.g. calculus-basics; it becomes the file's URL-safe key"),
    content: z.string().min(1).optional().describe("The document, or with append: true the part to add at its end"),
    append: z.boolean().default(false).describe("Add content to the end of this conversation's document of this name (created if absent)"),
    edits: z
      .array(Edit)
      .min(1)
      .max(50)
      .optional()
      .describe("Exact replacements in this conversation's stored document of this name, applied in order; use instead of content to repair"),
    format: z.enum(Object.keys(DOCUMENT_FORMATS) as [DocumentFormat, ...DocumentFormat[]]).default("md"),
    title: z.string().max(300).optional().describe("The document's title (default: its `#` heading)"),
    topic: z.string().max(200).optional().describe("The subject in a word or two, e.g. calculus"),
    overwrite: z.boolean().default(false).describe("Replace the whole file of the same name that this conversation saved before"),
  })
  .refine((a) => (a.content === undefined) !== (a.edits === undefined), { message: "give either content or edits, not both and not neither" })
  .refine((a) => !(a.append && a.edits), { message: "append adds content; it does not go with edits" });

type SaveDocumentArgs = z.output<typeof SaveDocumentInput>;

const SAVE_DOCUMENT_SIGNATURE = { name: "save_document", input: SaveDocumentInput } satisfies ToolSignature;

export function createSaveDocumentTool(opts: SaveDocumentOptions): Tool {
  const { bucket, sessionId, tenant = null, maxBytes, maxRepairs = 2 } = opts;

  return defineTool({
    name: SAVE_DOCUMENT_SIGNATURE.name,
    description:
      "Save a document (usually a lesson as Markdown) to the lesson store and get its link. Build a long document in parts: " +
      "the first call with content (at most two chapters), then append: true with the next part. Repair with edits " +
      "[{old_text, new_text}] (exact text from the document) instead of sending it again. Every call checks the whole lesson " +
      "and answers final, or draft with findings that quote their lines.",
    input: SaveDocumentInput,
    sideEffects: true,
    // Permission rules on `filename` see the key it will be stored under too (`../ETC/Passwd` → etc-passwd.md).
    effectiveArgs: (args) => ({ ...args, filename: lessonKey(sanitizeFilename(args.filename), args.format) }),
    // Choosing a free key and writing it must not interleave with another save of the same turn.
    sequential: true,
    async run(args, ctx): Promise<ToolResult> {
      const slug = sanitizeFilename(args.filename);
      const own = args.append || args.edits ? await findOwnDocument(bucket, sessionId, slug, args.format) : undefined;
      const next = nextText(args, own?.text);
      if ("error" in next) return fail(next.error);
      const content = next.text;

      const bytes = new TextEncoder().encode(content).byteLength;
      if (bytes > maxBytes) {
        return fail(`The document would be ${bytes} bytes; the limit is ${maxBytes}. Shorten it or split it into several documents.`);
      }

      const check = args.format === "md" && looksLikeLesson(content) ? await checkLesson(content, ctx, opts) : undefined;
      const status: LessonStatus = check && check.findings.length ? "draft" : "final";
      const title = cleanText(args.title ?? (args.format === "md" ? lessonTitle(content) : undefined) ?? args.filename, 200) || "Untitled";
      const topic = cleanText(args.topic ?? own?.topic ?? "", 100);
      const customMetadata = { title, topic, session: sessionId, bytes: String(bytes), status, format: args.format, ...(tenant !== null ? { tenant } : {}) };

      const saved = own
        ? await replaceOwn(bucket, own, args.format, { content, customMetadata })
        : await writeUnderFreeKey(bucket, sessionId, slug, args.format, args.overwrite, { content, customMetadata });
      if ("error" in saved) return fail(saved.error);

      const { key } = saved;
      const path = lessonPath(key);
      const data = { key, path, bytes, status, title, topic, ...(check ? { findings: check.findings } : {}) };
      // Channels deliver the document by this event, never by reading the text written for the model.
      const findings = check?.findings ?? [];
      ctx.emit({
        type: "document.saved",
        key,
        link: path,
        title,
        status,
        findings: findings.map((f) => f.message),
        findingCodes: findings.map(({ code, chapter }) => ({ code, chapter })),
      });
      const where = `lessons/${key} (${bytes} bytes), link: ${path}`;
      const renamed =
        key !== lessonKey(slug, args.format) ? ` (${lessonKey(slug, args.format)} belongs to another conversation, so this file got its own name)` : "";
      const usage = check?.usage ? { usage: check.usage } : {};
      const unchecked = check?.unavailable.length ? ` The blind answer check could not run for ${check.unavailable.join("; ")}.` : "";

      if (!check) return ok(`Saved "${title}" as ${where}${renamed}.`, data);
      if (status === "final")
        return {
          ...ok(
            `Saved the lesson "${title}" as ${where}${renamed}. It passes the lesson format check${check.blind ? " and the blind answer check" : ""}.${unchecked}`,
            data,
          ),
          ...usage,
        };

      const name = key.replace(/\.[a-z]+$/, "");
      const parts = ctx.runState.get(DOCUMENT_PARTS) ?? new Map<string, number>();
      const part = args.edits ? (parts.get(key) ?? 1) : args.append && own ? (parts.get(key) ?? 1) + 1 : 1;
      ctx.runState.set(DOCUMENT_PARTS, parts.set(key, part));
      const how = args.edits ? "edits" : args.append ? "append" : "content";
      const reply = { title, where: `${where}${renamed}`, name, findings: check.findings, how, part } as const;
      if (!isComplete(check.findings)) return { status: "partial", content: draftReply(reply) + unchecked, data, ...usage };
      const failures = (ctx.runState.get(FAILED_LESSON_SAVES) ?? 0) + 1;
      ctx.runState.set(FAILED_LESSON_SAVES, failures);
      return {
        status: "partial",
        content: draftReply({ ...reply, repairs: { failures, max: maxRepairs } }) + unchecked,
        data: { ...data, repairsLeft: Math.max(0, maxRepairs - failures) },
        ...usage,
      };
    },
  });
}

/** The document this call writes: the content, the stored document with content appended, or with the edits applied. */
function nextText(args: SaveDocumentArgs, stored: string | undefined): { text: string } | { error: string } {
  const name = lessonKey(sanitizeFilename(args.filename), args.format);
  if (args.edits) {
    if (stored === undefined) return { error: `This conversation has no document "${name}" to edit; save it with content first.` };
    const edited = applyEdits(stored, args.edits);
    return "errors" in edited ? { error: `No edit was applied to ${name}:\n${edited.errors.map((e) => `- ${e}`).join("\n")}` } : edited;
  }
  const content = args.content!;
  if (!args.append || stored === undefined) return { text: content };
  // The same part sent twice (a retried call) is appended once.
  if (stored.trimEnd().endsWith(content.trim())) return { text: stored };
  return { text: appendBlock(stored, content) };
}

/** The form findings and, with the answer check on, the blind answer check's (each chapter solved once per text in a run). */
async function checkLesson(
  content: string,
  ctx: ToolContext,
  { answerCheck, chapterWords }: SaveDocumentOptions,
): Promise<{ findings: LessonFinding[]; usage?: Usage; unavailable: string[]; blind: boolean }> {
  const form = validateLesson(content, { fetchedUrls: ctx.runState.get(FETCHED_URLS) ?? new Set(), ...(chapterWords ? { chapterWords } : {}) });
  if (!answerCheck) return { findings: form.findings, unavailable: [], blind: false };
  const cache = ctx.runState.get(SOLVER_CACHE) ?? new Map();
  const { chapters, language } = readLesson(content);
  const lines = content.split(/\r?\n/);
  const blind = await checkAnswersBlind(chapters, { model: answerCheck.model, signal: ctx.signal, cache, lines, ...(language ? { language } : {}) });
  ctx.runState.set(SOLVER_CACHE, cache);
  return { findings: [...form.findings, ...blind.findings], usage: blind.usage, unavailable: blind.unavailable, blind: true };
}

interface OwnDocument {
  key: string;
  etag: string;
  text: string;
  createdAt: string;
  topic: string;
  share: string | undefined;
}

/** This session's document of `slug`: the first of its keys (`slug`, `slug-2`, …) that this session saved. */
async function findOwnDocument(bucket: LessonBucket, sessionId: string, slug: string, format: DocumentFormat): Promise<OwnDocument | undefined> {
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const key = lessonKey(slug, format, n);
    const object = await bucket.get(objectKey(key));
    if (!object) return undefined;
    const meta = lessonMeta(object);
    if (meta.session === sessionId)
      return { key, etag: object.etag, text: await object.text(), createdAt: meta.createdAt, topic: meta.topic, share: meta.share };
  }
  return undefined;
}

/** Replaces this session's document, only if it is still the version that was read. */
async function replaceOwn(
  bucket: LessonBucket,
  own: OwnDocument,
  format: DocumentFormat,
  doc: { content: string; customMetadata: Record<string, string> },
): Promise<{ key: string } | { error: string }> {
  const put = await bucket.put(objectKey(own.key), doc.content, {
    httpMetadata: { contentType: DOCUMENT_FORMATS[format] },
    customMetadata: { ...doc.customMetadata, createdAt: own.createdAt, share: shareTokenOf(own) },
    onlyIf: { etagMatches: own.etag },
  });
  return put ? { key: own.key } : { error: `lessons/${own.key} changed while saving; call save_document again.` };
}

/**
 * Writes under the first key of `slug` that is free or this session's own (replaced only when
 * `overwrite`); keys of other sessions are skipped. Conditional puts close the race with another
 * session saving the same name at the same moment.
 */
async function writeUnderFreeKey(
  bucket: LessonBucket,
  sessionId: string,
  slug: string,
  format: DocumentFormat,
  overwrite: boolean,
  doc: { content: string; customMetadata: Record<string, string> },
): Promise<{ key: string } | { error: string }> {
  const httpMetadata = { contentType: DOCUMENT_FORMATS[format] };
  for (let n = 1; n <= MAX_SUFFIX; n++) {
    const key = lessonKey(slug, format, n);
    const existing = await bucket.head(objectKey(key));
    if (!existing) {
      const customMetadata = { ...doc.customMetadata, createdAt: new Date().toISOString(), share: shareTokenOf() };
      const put = await bucket.put(objectKey(key), doc.content, { httpMetadata, customMetadata, onlyIf: { etagDoesNotMatch: "*" } });
      if (put) return { key };
      // Another session took this key between head and put: try the next one.
      continue;
    }
    const meta = lessonMeta(existing);
    if (meta.session !== sessionId) continue;
    if (!overwrite) {
      return {
        error: `lessons/${key} already exists (this conversation saved it on ${meta.createdAt}). To replace it, call save_document again with overwrite: true; to keep both, use another filename.`,
      };
    }
    const customMetadata = { ...doc.customMetadata, createdAt: meta.createdAt, share: shareTokenOf(meta) };
    const put = await bucket.put(objectKey(key), doc.content, { httpMetadata, customMetadata, onlyIf: { etagMatches: existing.etag } });
    if (put) return { key };
    return { error: `lessons/${key} changed while saving; call save_document again.` };
  }
  return { error: `Too many files are named like "${slug}"; choose a more specific filename.` };
}

export const SaveDocumentSettings = z.object({
  /** Largest document save_document stores. */
  LESSON_MAX_BYTES: int(1_048_576, 1024),
  /** Failing lesson saves in a run after which the model is told to stop repairing. */
  LESSON_MAX_REPAIRS: int(2, 0, 10),
  /** Before a lesson is final, a reader without the key solves its multiple choice and fill-in exercises (one model call per chapter). */
  LESSON_ANSWER_CHECK: bool(true),
  /** false: save_document does not report chapters under half of LESSON_CHAPTER_WORDS (the skills still state the target). */
  LESSON_LENGTH_CHECK: bool(true),
});

// The chapter length target is the skills' setting (they tell the model); save_document checks it.
const saveDocumentSettings = settingsLoader(SaveDocumentSettings, SkillsSettings);

/** save_document as a built-in tool: per run, since what a run saves belongs to its session and tenant. */
export const saveDocument: BuiltinTool = {
  signature: SAVE_DOCUMENT_SIGNATURE,
  settings: SaveDocumentSettings,
  scope: "run",
  create({ env, sessionId, tenant, model }) {
    const s = saveDocumentSettings(env);
    return createSaveDocumentTool({
      bucket: env.LESSONS,
      sessionId,
      tenant,
      maxBytes: s.LESSON_MAX_BYTES,
      maxRepairs: s.LESSON_MAX_REPAIRS,
      ...(s.LESSON_LENGTH_CHECK ? { chapterWords: s.LESSON_CHAPTER_WORDS } : {}),
      ...(s.LESSON_ANSWER_CHECK ? { answerCheck: { model: model("grader") } } : {}),
    });
  },
};
