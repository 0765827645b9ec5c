// The Sources section of a lesson: present, listing the pages this run fetched (compared in a normal
// form), numbered so that every `[n]` citation in the text has its entry.
import { trimEndChars } from "../lib/trim-chars";
import type { Outline } from "./outline";
import { isSection, spelling, type LessonVocabulary } from "./vocabulary";

const SOURCE_ENTRY = /^\s*(?:(\d+)[.)]|\[(\d+)\]:?)\s+/;

type SourceFinding = "missing_sources" | "sources_empty" | "source_not_fetched" | "citation_unknown";

/**
 * The form in which a cited URL and a fetched URL are compared: scheme, `www.`, fragment, a
 * trailing slash, `utm_*` parameters and query order do not make two pages different.
 */
export function normalizeUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  const params = [...u.searchParams].filter(([k]) => !k.toLowerCase().startsWith("utm_")).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  const host = u.hostname.replace(/^www\./, "");
  const path = trimEndChars(u.pathname, "/");
  return `${host}${u.port ? `:${u.port}` : ""}${path}${query ? `?${query}` : ""}`;
}

export function checkSources(
  doc: Outline,
  fetchedUrls: ReadonlySet<string> | undefined,
  add: (code: SourceFinding, message: string, at: { line: number }) => void,
  language?: LessonVocabulary,
  tag?: string,
): void {
  const section = doc.headings.find((h) => h.level === 2 && isSection(h.text, "sources"));
  if (!section) {
    add(
      "missing_sources",
      `The lesson has no ${spelling("sources", 2, language, tag)} section: end it with a numbered list of the pages you fetched, \`1. [Page title](https://…)\`.`,
      { line: doc.lines.length - 1 },
    );
    return;
  }
  const lineNumbers = doc.lines.map((_, i) => i).filter((i) => i > section.line && i < section.end && !doc.inCode[i]);
  const urls = lineNumbers.flatMap((i) => extractUrls(doc.lines[i]!).map((url) => ({ url, line: i })));
  if (urls.length === 0) {
    add("sources_empty", "The Sources section lists no links; list the pages you fetched as `1. [Page title](https://…)`.", { line: section.line });
    return;
  }
  if (fetchedUrls) {
    const fetched = new Set([...fetchedUrls].map(normalizeUrl).filter((u) => u !== null));
    const seen = new Set<string>();
    for (const { url, line } of urls) {
      if (seen.has(url)) continue;
      seen.add(url);
      if (!fetched.has(normalizeUrl(url) ?? url)) {
        add(
          "source_not_fetched",
          `Source ${url} was not fetched in this run: read it with fetch_webpage first, or remove it (and its citations). Cite only pages you have read.`,
          { line },
        );
      }
    }
  }

  const numbered = new Set(lineNumbers.flatMap((i) => SOURCE_ENTRY.exec(doc.lines[i]!)?.slice(1).filter(Boolean) ?? []).map(Number));
  const cited = new Map<number, number>();
  doc.lines.forEach((line, i) => {
    if (doc.inCode[i] || (i >= section.line && i < section.end)) return;
    for (const m of line.replace(/`[^`]*`/g, "").matchAll(/(?<![\w\]!\\])\[(\d{1,3})\](?![([:])/g)) if (!cited.has(Number(m[1]))) cited.set(Number(m[1]), i);
  });
  const unknown = [...cited.keys()].filter((c) => !numbered.has(c)).sort((a, b) => a - b);
  if (unknown.length) {
    add(
      "citation_unknown",
      `The text cites ${unknown.map((c) => `[${c}]`).join(", ")} but the Sources list has no entr${unknown.length === 1 ? "y" : "ies"} with ${unknown.length === 1 ? "that number" : "those numbers"}; number the sources \`1.\`, \`2.\`, … and cite only those numbers.`,
      { line: cited.get(unknown[0]!)! },
    );
  }
}

/** http(s) URLs in a line: Markdown link targets, autolinks and bare URLs (balanced parentheses kept). */
export function extractUrls(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/https?:\/\//g)) {
    let depth = 0;
    let end = m.index;
    for (; end < line.length; end++) {
      const ch = line[end]!;
      if (/[\s<>"\]]/.test(ch)) break;
      if (ch === "(") depth++;
      if (ch === ")" && depth-- === 0) break;
    }
    out.push(trimEndChars(line.slice(m.index, end), ".,;:!?'*_"));
  }
  return out;
}
