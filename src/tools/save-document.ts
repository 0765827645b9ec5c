// save_document: writes a document the agent produced (usually a lesson) to the lesson store.
// The filename becomes a harmless slug inside lessons/, another session's file is never replaced,
// and a Markdown lesson is checked with validateLesson: a failing one is still kept, as a draft,
// and the findings go back to the model so it can repair the lesson (a bounded number of times).
import * as z from "zod";
import { defineTool, fail, ok, type Tool, type ToolResult } from "../agent/tools";
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
} from "./lesson-store";
import { type LessonFinding, lessonTitle, looksLikeLesson, validateLesson } from "./lesson-validator";
import { FETCHED_URLS } from "./fetch-webpage";
import type { Tenant } from "../lib/tenant";

/** runState key: how many lesson saves failed validation in this run (bounds the repair loop). */
const FAILED_LESSON_SAVES = "failedLessonSaves";
/** runState key written by the web fetch tool: every URL fetched in this run. */
/** How many `-N` keys to try before giving up on a filename. */
const MAX_SUFFIX = 50;
/** Findings listed in one tool result; the rest are counted. */
const MAX_LISTED_FINDINGS = 25;

/**
 * A filename as a slug of the key scheme: ASCII letters and digits joined by single hyphens, at most
 * MAX_SLUG_LENGTH characters. Everything else (slashes, dots, `..`, control characters, spaces)
 * separates words, so `../../etc/passwd` becomes `etc-passwd`. Letters that have no ASCII form
 * (微积分) are replaced by a short hash of the filename, so different names stay different.
 */
export function sanitizeFilename(filename: string): string {
  const withoutExt = filename.trim().replace(/\.(?:md|markdown|txt|csv|json)$/i, "");
  const ascii = withoutExt.normalize("NFKD").replace(/\p{M}/gu, "");
  let slug = ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const tag = /(?![\x00-\x7f])[\p{L}\p{N}]/u.test(ascii) ? fnv1a(filename.trim()) : "";
  const room = MAX_SLUG_LENGTH - (tag ? tag.length + 1 : 0);
  slug = slug.slice(0, room).replace(/-+$/, "");
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

export function createSaveDocumentTool(opts: { bucket: LessonBucket; sessionId: string; tenant?: Tenant; maxBytes: number; maxRepairs?: number }): Tool {
  const { bucket, sessionId, tenant = null, maxBytes, maxRepairs = 2 } = opts;

  return defineTool({
    name: "save_document",
    description:
      "Save a document (usually the finished lesson as Markdown) to the lesson store and get its link. A Markdown lesson is checked against the lesson format; if it fails, it is saved as a draft and the result lists what to fix.",
    input: z.object({
      filename: z.string().min(1).max(200).describe("A short English name, e.g. calculus-basics; it becomes the file's URL-safe key"),
      content: z.string().min(1).describe("The whole document"),
      format: z.enum(Object.keys(DOCUMENT_FORMATS) as [DocumentFormat, ...DocumentFormat[]]).default("md"),
      title: z.string().max(300).optional().describe("The document's title (default: its `#` heading)"),
      topic: z.string().max(200).optional().describe("The subject in a word or two, e.g. calculus"),
      overwrite: z.boolean().default(false).describe("Replace the file of the same name that this conversation saved before (e.g. after a repair)"),
    }),
    sideEffects: true,
    // Permission rules on `filename` see the key it will be stored under too (`../ETC/Passwd` → etc-passwd.md).
    effectiveArgs: (args) => ({ ...args, filename: lessonKey(sanitizeFilename(args.filename), args.format) }),
    // Choosing a free key and writing it must not interleave with another save of the same turn.
    sequential: true,
    async run(args, ctx): Promise<ToolResult> {
      const bytes = new TextEncoder().encode(args.content).byteLength;
      if (bytes > maxBytes) {
        return fail(`The document is ${bytes} bytes; the limit is ${maxBytes}. Shorten it or split it into several documents.`);
      }

      const isLesson = args.format === "md" && looksLikeLesson(args.content);
      const fetched = ctx.runState.get(FETCHED_URLS);
      const validation = isLesson ? validateLesson(args.content, { fetchedUrls: fetched instanceof Set ? fetched : new Set() }) : undefined;
      const status: LessonStatus = validation && !validation.ok ? "draft" : "final";
      const title = cleanText(args.title ?? (args.format === "md" ? lessonTitle(args.content) : undefined) ?? args.filename, 200) || "Untitled";
      const topic = cleanText(args.topic ?? "", 100);

      const slug = sanitizeFilename(args.filename);
      const saved = await writeUnderFreeKey(bucket, sessionId, slug, args.format, args.overwrite, {
        content: args.content,
        customMetadata: { title, topic, session: sessionId, bytes: String(bytes), status, format: args.format, ...(tenant !== null ? { tenant } : {}) },
      });
      if ("error" in saved) return fail(saved.error);

      const { key } = saved;
      const path = lessonPath(key);
      const data = { key, path, bytes, status, title, topic, ...(validation ? { findings: validation.findings } : {}) };
      const where = `lessons/${key} (${bytes} bytes), link: ${path}`;
      const renamed =
        key !== lessonKey(slug, args.format) ? ` (${lessonKey(slug, args.format)} belongs to another conversation, so this file got its own name)` : "";

      if (!validation) return ok(`Saved "${title}" as ${where}${renamed}.`, data);
      if (validation.ok) return ok(`Saved the lesson "${title}" as ${where}${renamed}. It passes the lesson format check.`, data);

      const failures = ((ctx.runState.get(FAILED_LESSON_SAVES) as number | undefined) ?? 0) + 1;
      ctx.runState.set(FAILED_LESSON_SAVES, failures);
      const list = listFindings(validation.findings);
      const head = `Saved as a DRAFT: "${title}" as ${where}${renamed}. It fails ${validation.findings.length} lesson format check${validation.findings.length === 1 ? "" : "s"}:\n${list}\n\n`;
      const next =
        failures <= maxRepairs
          ? `Fix exactly these points, then call save_document again with filename "${key.replace(/\.[a-z]+$/, "")}" and overwrite: true (repair ${failures} of ${maxRepairs}).`
          : `The repair limit for this run (${maxRepairs}) is reached: do not save this lesson again. Tell the user it is saved as a draft, give its link, and say what is still missing.`;
      return { status: "partial", content: head + next, data: { ...data, repairsLeft: Math.max(0, maxRepairs - failures) } };
    },
  });
}

function listFindings(findings: LessonFinding[]): string {
  const lines = findings
    .slice(0, MAX_LISTED_FINDINGS)
    .map((f, i) => `${i + 1}. ${f.chapter !== undefined ? `[Chapter ${f.chapter}] ` : ""}${f.message} (${f.code})`);
  if (findings.length > MAX_LISTED_FINDINGS) lines.push(`… and ${findings.length - MAX_LISTED_FINDINGS} more.`);
  return lines.join("\n");
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
      const customMetadata = { ...doc.customMetadata, createdAt: new Date().toISOString() };
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
    const customMetadata = { ...doc.customMetadata, createdAt: meta.createdAt };
    const put = await bucket.put(objectKey(key), doc.content, { httpMetadata, customMetadata, onlyIf: { etagMatches: existing.etag } });
    if (put) return { key };
    return { error: `lessons/${key} changed while saving; call save_document again.` };
  }
  return { error: `Too many files are named like "${slug}"; choose a more specific filename.` };
}
