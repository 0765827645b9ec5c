// The lesson store: saved documents in an R2 bucket (binding LESSONS), their key scheme and
// metadata, and the reads behind `GET /v1/lessons` and `GET /v1/lessons/:key`.
//
// Key scheme: a lesson's public key is one URL-safe path segment, `<slug>.<ext>`, e.g.
// "calculus-basics.md" or "calculus-basics-2.md" (slug: lowercase ASCII letters and digits joined by
// single hyphens). It is stored as the R2 object "lessons/<key>" and served at /v1/lessons/<key>.

import { placeOf } from "../http-kit/list-page";
import { mayAccess, type Tenant } from "../lib/tenant";

/** What an R2 object tells us without its body; R2Object satisfies it. */
export interface LessonObject {
  key: string;
  size: number;
  etag: string;
  uploaded: Date;
  httpMetadata?: { contentType?: string };
  customMetadata?: Record<string, string>;
}

/** The part of R2Bucket the lesson store uses, so Node tests can pass an in-memory fake. */
export interface LessonBucket {
  put(
    key: string,
    value: string,
    options?: {
      httpMetadata?: { contentType?: string };
      customMetadata?: Record<string, string>;
      /** R2 conditional put: answers null instead of writing when the condition fails. */
      onlyIf?: { etagMatches?: string; etagDoesNotMatch?: string };
    },
  ): Promise<LessonObject | null>;
  head(key: string): Promise<LessonObject | null>;
  get(key: string): Promise<(LessonObject & { text(): Promise<string> }) | null>;
  list(options?: {
    prefix?: string;
    cursor?: string;
    limit?: number;
    include?: ("httpMetadata" | "customMetadata")[];
  }): Promise<{ objects: LessonObject[]; truncated: boolean; cursor?: string }>;
}

export const LESSON_PREFIX = "lessons/";

export const DOCUMENT_FORMATS = {
  md: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
} as const;

export type DocumentFormat = keyof typeof DOCUMENT_FORMATS;

/** Longest slug before a `-N` suffix and the extension; keeps keys well under the 128-character id limit. */
export const MAX_SLUG_LENGTH = 80;

const LESSON_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:md|txt|csv|json)$/;

/** Whether `key` is a lesson key of our scheme (checked before any bucket access). */
export function isLessonKey(key: string): boolean {
  return key.length <= MAX_SLUG_LENGTH + 12 && LESSON_KEY.test(key);
}

/** The key for the `n`-th file of a slug: n = 1 is the slug itself, then `-2`, `-3`, … */
export function lessonKey(slug: string, format: DocumentFormat, n = 1): string {
  return `${slug}${n > 1 ? `-${n}` : ""}.${format}`;
}

export const objectKey = (key: string): string => `${LESSON_PREFIX}${key}`;

/** The URL path that serves a lesson (docs/api.md). */
export const lessonPath = (key: string): string => `/v1/lessons/${key}`;

export type LessonStatus = "final" | "draft";

/** A saved document's metadata, stored as R2 customMetadata (all strings there). */
export interface LessonMeta {
  key: string;
  title: string;
  topic: string;
  createdAt: string;
  bytes: number;
  /** "draft" when it is a lesson that failed the format check. */
  status: LessonStatus;
  /** The session that saved it; only that session may overwrite it. */
  session: string;
  /** The tenant of that session; other tenants do not see the lesson. */
  tenant: Tenant;
  contentType: string;
  /** What opens the lesson without a key (lesson-share.ts); lessons saved before share links have none. */
  share?: string;
}

export type LessonSummary = Pick<LessonMeta, "key" | "title" | "topic" | "createdAt" | "bytes" | "status">;

export function lessonMeta(object: LessonObject): LessonMeta {
  const m = object.customMetadata ?? {};
  const key = object.key.slice(LESSON_PREFIX.length);
  const bytes = Number(m.bytes);
  return {
    key,
    title: m.title ?? key,
    topic: m.topic ?? "",
    createdAt: m.createdAt ?? object.uploaded.toISOString(),
    bytes: Number.isFinite(bytes) ? bytes : object.size,
    status: m.status === "draft" ? "draft" : "final",
    session: m.session ?? "",
    tenant: m.tenant ?? null,
    contentType: object.httpMetadata?.contentType ?? DOCUMENT_FORMATS.md,
    ...(m.share ? { share: m.share } : {}),
  };
}

/** Every saved lesson `caller` may see, newest first. */
export async function listLessons(bucket: LessonBucket, caller: Tenant): Promise<LessonSummary[]> {
  const lessons: LessonSummary[] = [];
  let cursor: string | undefined;
  do {
    // R2 leaves customMetadata out of listings unless asked for it.
    const page = await bucket.list({ prefix: LESSON_PREFIX, include: ["customMetadata", "httpMetadata"], ...(cursor ? { cursor } : {}) });
    for (const object of page.objects) {
      if (!isLessonKey(object.key.slice(LESSON_PREFIX.length))) continue;
      const { key, title, topic, createdAt, bytes, status, tenant } = lessonMeta(object);
      if (!mayAccess(caller, tenant)) continue;
      lessons.push({ key, title, topic, createdAt, bytes, status });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  // Newest first by their place, as the listing's pages are cut.
  return lessons.sort((a, b) => (placeOf(a.createdAt, a.key) < placeOf(b.createdAt, b.key) ? 1 : -1));
}

/** One lesson's text and metadata; null for an unknown key, one outside the key scheme, or one `caller` may not see. */
export async function getLesson(bucket: LessonBucket, key: string, caller: Tenant): Promise<{ markdown: string; meta: LessonMeta } | null> {
  if (!isLessonKey(key)) return null;
  const object = await bucket.get(objectKey(key));
  if (!object) return null;
  const meta = lessonMeta(object);
  if (!mayAccess(caller, meta.tenant)) return null;
  return { markdown: await object.text(), meta };
}
