// An in-memory LessonBucket that behaves like R2 where the lesson store depends on it: conditional
// puts (`*` wildcards), metadata left out of listings unless `include` asks for it, and paged
// listings with a cursor. Real R2 in workerd is exercised by the workers tests.
import type { LessonBucket, LessonObject } from "../../src/lessons/store";

interface Stored extends LessonObject {
  value: string;
}

export class MemoryLessonBucket implements LessonBucket {
  readonly objects = new Map<string, Stored>();
  private version = 0;

  constructor(private readonly pageSize = 1000) {}

  async put(key: string, value: string, options: Parameters<LessonBucket["put"]>[2] = {}): Promise<LessonObject | null> {
    const current = this.objects.get(key);
    const { etagMatches, etagDoesNotMatch } = options.onlyIf ?? {};
    if (etagMatches !== undefined && (!current || (etagMatches !== "*" && etagMatches !== current.etag))) return null;
    if (etagDoesNotMatch !== undefined && current && (etagDoesNotMatch === "*" || etagDoesNotMatch === current.etag)) return null;
    const stored: Stored = {
      key,
      value,
      size: new TextEncoder().encode(value).byteLength,
      etag: `etag-${++this.version}`,
      uploaded: new Date(),
      httpMetadata: { ...options.httpMetadata },
      customMetadata: { ...options.customMetadata },
    };
    this.objects.set(key, stored);
    return this.describe(stored, ["httpMetadata", "customMetadata"]);
  }

  async head(key: string): Promise<LessonObject | null> {
    const stored = this.objects.get(key);
    return stored ? this.describe(stored, ["httpMetadata", "customMetadata"]) : null;
  }

  async get(key: string) {
    const stored = this.objects.get(key);
    return stored ? { ...this.describe(stored, ["httpMetadata", "customMetadata"]), text: async () => stored.value } : null;
  }

  async list(options: Parameters<LessonBucket["list"]>[0] = {}) {
    const keys = [...this.objects.keys()].filter((k) => k.startsWith(options.prefix ?? "")).sort();
    const start = options.cursor ? Number(options.cursor) : 0;
    const end = start + Math.min(options.limit ?? this.pageSize, this.pageSize);
    const objects = keys.slice(start, end).map((k) => this.describe(this.objects.get(k)!, options.include ?? []));
    return end < keys.length ? { objects, truncated: true, cursor: String(end) } : { objects, truncated: false };
  }

  /** Body text by R2 key, for assertions. */
  text(key: string): string | undefined {
    return this.objects.get(key)?.value;
  }

  private describe(stored: Stored, include: readonly string[]): LessonObject {
    const { value: _value, httpMetadata, customMetadata, ...rest } = stored;
    return {
      ...rest,
      ...(include.includes("httpMetadata") ? { httpMetadata: { ...httpMetadata } } : {}),
      ...(include.includes("customMetadata") ? { customMetadata: { ...customMetadata } } : {}),
    };
  }
}
