// An article's DOM written as plain text: block structure becomes lines and blank-line-separated
// blocks, with light Markdown that adds no words (`#` headings, `-` list items, fenced code blocks, `|`
// between table cells). Used on Readability's article, or on a whole body when it finds none (extract.ts).

import { trimStartChars } from "../lib/trim-chars";

/** What the walk reads of a node (linkedom's, structurally). */
export interface TextNode {
  nodeType: number;
  localName: string;
  textContent: string | null;
  firstChild: TextNode | null;
  nextSibling: TextNode | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

const BLOCK = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "DD",
  "DETAILS",
  "DIV",
  "DL",
  "DT",
  "FIELDSET",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "FORM",
  "HEADER",
  "HR",
  "LI",
  "MAIN",
  "NAV",
  "OL",
  "P",
  "SECTION",
  "SUMMARY",
  "TABLE",
  "TBODY",
  "THEAD",
  "TFOOT",
  "TR",
  "UL",
]);
const SKIPPED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "IFRAME", "OBJECT", "CANVAS"]);
const HEADING = /^H([1-6])$/;

/** What articleText does with an element, by its name (kept per name: linkedom upper-cases a name on every read). */
const SKIP = 0,
  LINE_BREAK = 1,
  CODE = 2,
  ITEM = 3,
  CELL = 4,
  BLOCK_LEVEL = 5,
  INLINE = 6,
  HEADING_1 = 11;
const kinds = new Map<string, number>();

function kindOf(localName: string): number {
  let kind = kinds.get(localName);
  if (kind === undefined) {
    const name = localName.toUpperCase();
    const heading = HEADING.exec(name);
    kind = SKIPPED.has(name)
      ? SKIP
      : name === "BR"
        ? LINE_BREAK
        : name === "PRE"
          ? CODE
          : heading
            ? HEADING_1 - 1 + Number(heading[1])
            : name === "LI"
              ? ITEM
              : name === "TD" || name === "TH"
                ? CELL
                : BLOCK.has(name)
                  ? BLOCK_LEVEL
                  : INLINE;
    kinds.set(localName, kind);
  }
  return kind;
}

/** Block structure → lines; inline runs keep their own spacing so words are never split or glued. */
export function articleText(root: TextNode): string {
  const blocks: string[] = [];
  let line = "";
  // Appends without making a run of spaces (text comes with its whitespace made single spaces), so a
  // line without a break is clean once trimmed: only lines with breaks go through cleanLines().
  const append = (s: string) => {
    line += s.charCodeAt(0) === 32 && (line === "" || line.charCodeAt(line.length - 1) === 32) ? s.slice(1) : s;
  };
  const flush = () => {
    const text = line.includes("\n") ? cleanLines(line) : line.trim();
    if (text) blocks.push(text);
    line = "";
  };
  const walk = (node: TextNode): void => {
    if (node.nodeType === TEXT_NODE) {
      append((node.textContent ?? "").replace(/\s+/g, " "));
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const kind = kindOf(node.localName);
    if (kind === INLINE) return children(node);
    if (kind === SKIP) return;
    if (kind === LINE_BREAK) {
      line += "\n";
      return;
    }
    if (kind === CODE) {
      flush();
      const code = trimStartChars(node.textContent ?? "", "\n").trimEnd();
      if (code) blocks.push("```\n" + code + "\n```");
      return;
    }
    if (kind === CELL) {
      if (line.trim()) append(" | ");
      return children(node);
    }
    flush();
    if (kind >= HEADING_1) line = "#".repeat(kind - HEADING_1 + 1) + " ";
    else if (kind === ITEM) line = "- ";
    children(node);
    flush();
  };
  // Siblings by link, not childNodes: linkedom builds a fresh list for every childNodes read.
  const children = (node: TextNode) => {
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
  };
  walk(root);
  flush();
  return blocks.join("\n\n");
}

/** Each line with its runs of spaces made one and its ends trimmed; blank lines dropped. */
export function cleanLines(text: string): string {
  return text
    .split("\n")
    .map((l) => l.replace(/[ \t\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
