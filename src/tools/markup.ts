// Finding where elements end in raw HTML, for the prune (prune-page.ts), in time linear in the page:
// searching afresh from each of many unclosed tags would take time in the square of the page's length
// (4000 unclosed <div class="menu"> in 1 MB took 2.4 s, as many unclosed comments 1.8 s).

const NAME_END = "(?=[\\s/>])";

/** What a rewrite does with one match: put `text` in place of the page from the match's start up to `end`, or with no `text` leave that stretch as written. */
export interface Rewrite {
  text?: string;
  end: number;
}

/**
 * `html` with each match of `pattern` (a global expression) rewritten by `rewrite`, or left as it is where
 * `rewrite` returns undefined; matching goes on after the stretch a rewrite names. `elementEnd(name, from)` is where
 * the first close tag of `name` at or after `from` ends (`-->` for the name `!--`), -1 if none: a name found
 * unclosed once is not searched for again, since no close tag follows a later point either.
 */
export function rewriteMarkup(
  html: string,
  pattern: RegExp,
  rewrite: (match: RegExpExecArray, elementEnd: (name: string, from: number) => number) => Rewrite | undefined,
): string {
  const unclosed = new Set<string>();
  const closeTags = new Map<string, RegExp>();
  const elementEnd = (name: string, from: number): number => {
    const key = name.toLowerCase();
    if (unclosed.has(key)) return -1;
    let end = -1;
    if (key === "!--") {
      const close = html.indexOf("-->", from);
      if (close >= 0) end = close + 3;
    } else {
      let close = closeTags.get(key);
      if (!close) closeTags.set(key, (close = new RegExp(`</${key}\\s*>`, "gi")));
      close.lastIndex = from;
      if (close.exec(html)) end = close.lastIndex;
    }
    if (end < 0) unclosed.add(key);
    return end;
  };
  const parts: string[] = [];
  let copiedTo = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    const rewritten = rewrite(match, elementEnd);
    if (!rewritten) continue;
    pattern.lastIndex = rewritten.end;
    if (rewritten.text === undefined) continue;
    parts.push(html.slice(copiedTo, match.index), rewritten.text);
    copiedTo = rewritten.end;
  }
  if (!copiedTo) return html;
  parts.push(html.slice(copiedTo));
  return parts.join("");
}

/**
 * A function telling where the element named `name` whose open tag starts at `start` and ends at `from`
 * ends (after its close tag, nested ones of the same name counted), -1 if it never closes. Each question
 * reads the tags from `from` on, as far as the element goes; the first element found unclosed has the
 * page's tags of that name paired once, and later questions are answered from those pairs.
 */
export function elementEnds(html: string, name: string): (start: number, from: number) => number {
  const tags = new RegExp(`<(\\/?)${name}${NAME_END}[^<>]*>`, "gi");
  let pairs: Map<number, number> | undefined;
  return (start, from) => {
    if (pairs) return pairs.get(start) ?? -1;
    tags.lastIndex = from;
    let depth = 1;
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[1] ? -1 : 1;
      if (depth === 0) return tag.index + tag[0].length;
    }
    pairs = new Map();
    const open: number[] = [];
    for (const tag of html.matchAll(tags)) {
      if (!tag[1]) open.push(tag.index);
      else if (open.length) pairs.set(open.pop()!, tag.index + tag[0].length);
    }
    return -1;
  };
}
