// A book of fixed phrases in many languages: English built in, every other language a static asset read
// once per isolate through the Worker's ASSETS binding and checked with zod there. The phrases stay out of
// the Worker bundle (its 400 KiB budget: BENCHMARKS.md), and a language without phrases, or an asset that
// cannot be read, is answered in English rather than not at all. Used by the learner's words
// (src/learning/learner-phrases.ts) and the bots' (src/platforms/chat-phrases.ts).
import * as z from "zod";

type Assets = { fetch(input: string): Promise<Response> };

/** The phrases of `language` (an IETF tag: "pt-BR" and "pt" are pt, "zh-hans" is zh); English for none or an unknown one. */
export type PhraseLookup<T> = (assets: Assets | undefined, language: string | undefined) => Promise<T>;

/** One language's phrases: every phrase of `english`, and no other. */
export const phraseSchema = <T extends Record<string, string>>(english: T): z.ZodType<T> =>
  // A string for each of T's keys is a T; Object.fromEntries cannot say so.
  z.strictObject(Object.fromEntries(Object.keys(english).map((k) => [k, z.string().min(1)]))) as unknown as z.ZodType<T>;

/** `path`: where ASSETS serves the book (under public/), by language tag. */
export function phraseBook<T extends Record<string, string>>(path: string, english: T): PhraseLookup<T> {
  const url = `https://assets.local/${path}`;
  const Tables = z.record(z.string(), phraseSchema(english));
  let tables: Promise<Record<string, T>> | undefined;
  const read = async (assets: Assets) => {
    const res = await assets.fetch(url);
    if (!res.ok) throw new Error(`reading ${path} failed: HTTP ${res.status}`);
    return Tables.parse(await res.json());
  };
  return async (assets, language) => {
    const tag = languageTag(language);
    if (!tag || tag === "en" || !assets) return english;
    tables ??= read(assets);
    try {
      return (await tables)[tag] ?? english;
    } catch {
      // Read again next time.
      tables = undefined;
      return english;
    }
  };
}

/** The primary subtag, lower case: what a book is keyed by. */
export const languageTag = (language: string | undefined) => language?.toLowerCase().split(/[-_]/)[0];

/** `template` with each {name} replaced by its value (a value is never read as a template). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
