// Readability's link density (the share of a block's text inside links) of all its candidates in one walk
// of the page. Readability measures each candidate on its own: its whole text, normalized, and the text of
// every link below it. The candidates are the ancestors of every scored paragraph, nested up to five deep,
// so the page's text was read and normalized once per level (an eighth of extraction over the corpus). The
// figures are Readability's to the last bit: the same lengths, the links summed in the same order.

/** The parts of a linkedom node the walk reads. */
export interface WalkedNode {
  nodeType: number;
  localName?: string;
  textContent: string | null;
  firstChild: WalkedNode | null;
  nextSibling: WalkedNode | null;
  getAttribute?(name: string): string | null;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/**
 * What the normalized length of a text needs to be joined with its neighbours': Readability's normalized
 * text is `text.trim().replace(/\s{2,}/g, " ")`, so its length is the characters other than whitespace plus
 * one for each run of whitespace between two of them.
 */
class TextMeasure {
  /** Characters other than whitespace. */
  solid = 0;
  /** Runs of whitespace between two solid characters. */
  gaps = 0;
  /** Whitespace came before the first solid character (or, with none, there was whitespace at all). */
  leading = false;
  /** Whitespace came after the last solid character. */
  trailing = false;

  get length(): number {
    return this.solid + this.gaps;
  }

  add(text: string): void {
    for (let i = 0; i < text.length; i++) {
      if (isSpace(text.charCodeAt(i))) {
        if (this.solid) this.trailing = true;
        else this.leading = true;
      } else {
        if (this.trailing) this.gaps++;
        this.trailing = false;
        this.solid++;
      }
    }
  }

  /** Appends the text `next` measured (the text after this one). */
  join(next: TextMeasure): void {
    if (!next.solid) {
      if (next.leading) this.add(" ");
      return;
    }
    if (this.solid) {
      if (this.trailing || next.leading) this.gaps++;
    } else this.leading ||= next.leading;
    this.solid += next.solid;
    this.gaps += next.gaps;
    this.trailing = next.trailing;
  }
}

/** What `\s` and `String.prototype.trim` take for whitespace (WhiteSpace and LineTerminator). */
function isSpace(c: number): boolean {
  if (c > 32 && c < 0xa0) return false;
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** An element the walk is inside: its text so far, and where its links start among the page's. */
interface Open {
  node: WalkedNode;
  text: TextMeasure;
  firstLink: number;
  /** Its own place among the links when it is one, else -1. */
  asLink: number;
}

/**
 * The link density of each candidate, as Readability's `_getLinkDensity` gives it. `hashUrl` is Readability's
 * rule for an in-page link (its text counts 0.3); `alone` measures a candidate that does not lie under `root`.
 */
export function linkDensities<Candidate extends WalkedNode>(
  root: WalkedNode,
  candidates: readonly Candidate[],
  hashUrl: RegExp,
  alone: (candidate: Candidate) => number,
): number[] {
  const wanted = new Set<WalkedNode>(candidates);
  const measured = new Map<WalkedNode, { text: number; firstLink: number; endLink: number }>();
  // Each link's weighted text length, in document order (the order getElementsByTagName("a") gives).
  const links: number[] = [];
  const stack: Open[] = [];
  const open = (node: WalkedNode) => {
    const asLink = node.localName === "a" ? links.push(0) - 1 : -1;
    stack.push({ node, text: new TextMeasure(), firstLink: links.length, asLink });
  };
  open(root);
  let node = root.firstChild;
  while (stack.length) {
    if (node) {
      if (node.nodeType === ELEMENT_NODE) {
        open(node);
        node = node.firstChild;
        continue;
      }
      if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) stack[stack.length - 1]!.text.add(node.textContent ?? "");
      node = node.nextSibling;
      continue;
    }
    const done = stack.pop()!;
    const length = done.text.length;
    if (done.asLink >= 0) {
      const href = done.node.getAttribute?.("href");
      links[done.asLink] = length * (href && hashUrl.test(href) ? 0.3 : 1);
    }
    if (wanted.has(done.node)) measured.set(done.node, { text: length, firstLink: done.firstLink, endLink: links.length });
    stack[stack.length - 1]?.text.join(done.text);
    node = done.node === root ? null : done.node.nextSibling;
  }
  return candidates.map((candidate) => {
    const m = measured.get(candidate);
    if (!m) return alone(candidate);
    if (m.text === 0) return 0;
    let linkLength = 0;
    for (let i = m.firstLink; i < m.endLink; i++) linkLength += links[i]!;
    return linkLength / m.text;
  });
}
