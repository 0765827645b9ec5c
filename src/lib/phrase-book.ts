// A book of fixed phrases in many languages, English among them: a static asset (public/i18n/<book>.json, by
// language tag) read once per isolate through the Worker's ASSETS binding and checked with zod there, each
// language against the book's `en` entry. No phrase is in the Worker bundle (its 400 KiB budget: BENCHMARKS.md,
// issue 29); a book's TypeScript type is its `en` entry's, taken from the JSON type-only. Traditional Chinese
// (zh-Hant: zh-TW, zh-HK, zh-MO) is made from the book's zh at build time (scripts/traditional-chinese.mjs) and
// read with it, from i18n/zh-Hant/<book>.json. A language without phrases is answered in English. A book that
// cannot be read (ASSETS failing, a file missing, or not a complete book) is a PhrasesUnreadable error, and the
// next lookup reads it again: there are no words left to say in any language, so the caller fails as it does on
// its other errors (a chat records the job as failed and logs it, an API answers 503 phrases_unreadable: a
// dependency unavailable) rather than send keys or half a message. Used by the learner's words
// (src/lessons/learner-phrases.ts), the bots' (src/platforms/chat-phrases.ts), why a run failed
// (src/platforms/run-notice-phrases.ts), and the OAuth callback and consent pages (src/mcp/oauth/callback-phrases.ts,
// src/http/mcp-consent.ts), which pick a browser's language with ./browser-phrases.ts.
import * as z from "zod";
import { CodedError } from "./coded-error";

type Assets = { fetch(input: string): Promise<Response> };

const TRADITIONAL = "zh-Hant";

/** The phrases of `language` (an IETF tag: "pt-BR" and "pt" are pt, "zh-hans" is zh, "zh-TW" zh-Hant); English for none or an unknown one. */
export type PhraseLookup<T> = (assets: Assets, language: string | undefined) => Promise<T>;

/** A phrase book could not be read through ASSETS, so nothing can be said in any language. */
export class PhrasesUnreadable extends CodedError<"phrases_unreadable"> {
  constructor(path: string, why: string) {
    super("phrases_unreadable", `reading the phrase book ${path} failed: ${why}`);
  }
}

/** One language's phrases: every phrase of `english`, and no other. */
export const phraseSchema = <T extends Record<string, string>>(english: T): z.ZodType<T> =>
  // A string for each of T's keys is a T; Object.fromEntries cannot say so.
  z.strictObject(Object.fromEntries(Object.keys(english).map((k) => [k, z.string().min(1)]))) as unknown as z.ZodType<T>;

const WithEnglish = z.looseObject({ en: z.record(z.string(), z.string().min(1)) });

/** A book's languages, each checked to have every phrase of its `en` entry and no other. */
export const parseBook = <T extends Record<string, string>>(json: unknown): Record<string, T> & { en: T } => {
  const english = WithEnglish.parse(json).en as T;
  return z.record(z.string(), phraseSchema(english)).parse(json) as Record<string, T> & { en: T };
};

/** `path`: where ASSETS serves the book (under public/), by language tag; T: its `en` entry's type. */
export function phraseBook<T extends Record<string, string>>(path: string): PhraseLookup<T> {
  const url = (at: string) => `https://assets.local/${at}`;
  // By binding: the runtime hands every request the same ASSETS, so this is once per isolate; another binding
  // (a test's failing one) is read for itself.
  const tables = new WeakMap<Assets, Promise<Record<string, T> & { en: T }>>();
  const fetched = async (assets: Assets, at: string) => {
    let res: Response;
    try {
      res = await assets.fetch(url(at));
    } catch (e) {
      throw new PhrasesUnreadable(at, e instanceof Error ? e.message : String(e));
    }
    if (!res.ok) throw new PhrasesUnreadable(at, `HTTP ${res.status}`);
    return res;
  };
  const read = async (assets: Assets) => {
    const [book, traditional] = await Promise.all([path, path.replace("i18n/", `i18n/${TRADITIONAL}/`)].map((at) => fetched(assets, at)));
    try {
      const own = await book!.json<{ zh?: object }>();
      // A phrase zh has that the build has not converted yet (zh edited since) is said in Simplified.
      return parseBook<T>({ ...own, [TRADITIONAL]: { ...own.zh, ...(await traditional!.json<object>()) } });
    } catch (e) {
      throw new PhrasesUnreadable(path, `not a complete book: ${e instanceof z.ZodError ? z.prettifyError(e) : String(e)}`);
    }
  };
  return async (assets, language) => {
    if (!assets) throw new PhrasesUnreadable(path, "there is no ASSETS binding");
    let tablesRead = tables.get(assets);
    if (!tablesRead) tables.set(assets, (tablesRead = read(assets)));
    try {
      const book = await tablesRead;
      return book[bookLanguage(language) ?? "en"] ?? book.en;
    } catch (e) {
      // Read again next time.
      tables.delete(assets);
      throw e;
    }
  };
}

/** The primary subtag, lower case: "pt-BR" is pt, "zh-TW" zh. */
export const languageTag = (language: string | undefined) => language?.toLowerCase().split(/[-_]/)[0];

/** What a book is keyed by: the primary subtag, but Traditional Chinese (zh-Hant, zh-Hant-*, zh-TW, zh-HK, zh-MO) is zh-Hant. */
export const bookLanguage = (language: string | undefined) => (/^zh[-_](?:hant|tw|hk|mo)\b/i.test(language ?? "") ? TRADITIONAL : languageTag(language));

/** `template` with each {name} replaced by its value (a value is never read as a template). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
