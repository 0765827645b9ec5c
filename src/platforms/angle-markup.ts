// Slack's and Telegram's `<…>` markup, read as `<[^>]*>` reads it (from a `<` to the first `>` after it, a
// `<` within included) in time linear in the text: cut at each `>`, each end is found once, where such an
// expression looked for it again from each `<` (in time in the square of a run of `<` with no `>`).

/** One `<…>`: where its `<` is, where it ends (just after its `>`), and `inside`'s match on what stands between. */
export interface AngleMarkup {
  start: number;
  end: number;
  match: RegExpExecArray;
}

/** Each `<…>` of `text` whose inside matches `inside` (an expression anchored at both ends), in order. */
export function angleMarkup(text: string, inside: RegExp): AngleMarkup[] {
  const found: AngleMarkup[] = [];
  const pieces = text.split(">");
  pieces.pop(); // nothing ends after the last `>`
  let start = 0;
  for (const piece of pieces) {
    for (let open = piece.indexOf("<"); open >= 0; open = piece.indexOf("<", open + 1)) {
      const match = inside.exec(piece.slice(open + 1));
      if (!match) continue;
      found.push({ start: start + open, end: start + piece.length + 1, match });
      break;
    }
    start += piece.length + 1;
  }
  return found;
}

/** `text` with each `<…>` of `angleMarkup` replaced by what `replace` makes of its inside's match. */
export function replaceAngleMarkup(text: string, inside: RegExp, replace: (match: RegExpExecArray) => string): string {
  let out = "";
  let copied = 0;
  for (const { start, end, match } of angleMarkup(text, inside)) {
    out += text.slice(copied, start) + replace(match);
    copied = end;
  }
  return out + text.slice(copied);
}
