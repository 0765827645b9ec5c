// The words of a page a browser opens without our web page around it (the OAuth consent and callback pages),
// in the first of the languages its Accept-Language names, most preferred first (q order), that the phrase
// book has: what the web page does with navigator.languages (public/js/i18n.js). Reading only the first tag
// gave `gsw-CH, es;q=0.9` English, though the book has Spanish.
import type { PhraseLookup } from "./phrase-book";
import { bookLanguage } from "./phrase-book";

/** `say` in `lang` (the book's language: its primary subtag, or zh-Hant), and the direction it is written in. */
export type BrowserPhrases<T> = { lang: string; dir: "ltr" | "rtl"; say: T };

/** The phrases of `book` for a browser's Accept-Language header; English when the book has none of its languages. */
export async function browserPhrases<T>(book: PhraseLookup<T>, assets: Parameters<PhraseLookup<T>>[0], acceptLanguage = ""): Promise<BrowserPhrases<T>> {
  const english = await book(assets, "en");
  const tags = acceptLanguage
    .split(",")
    .map((range) => {
      const [tag = "", ...params] = range.split(";").map((s) => s.trim());
      const q = params.find((p) => /^q=/i.test(p));
      return { tag, q: q ? Number(q.slice(2)) : 1 };
    })
    // q=0 is "not this one"; a malformed q (NaN) drops its range too.
    .filter(({ tag, q }) => tag && tag !== "*" && q > 0)
    .sort((a, b) => b.q - a.q); // stable: equal q keep the header's order
  for (const { tag } of tags) {
    const lang = bookLanguage(tag)!;
    const say = await book(assets, lang);
    // A book answers English for a language it lacks: the identity says which it was.
    if (lang === "en" || say !== english) return { lang, dir: lang === "ar" ? "rtl" : "ltr", say };
  }
  return { lang: "en", dir: "ltr", say: english };
}
