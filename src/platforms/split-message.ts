// Chat platforms cap a message's length (Telegram 4096 characters, Slack ~4000 recommended), so a
// long answer goes out as several messages. Cuts fall on paragraph breaks where possible, then on line
// breaks, then on spaces, so no message ends mid-sentence unless a single word is longer than the cap.

/** Pieces of at most `limit` UTF-16 units (how Telegram counts), in order; empty for blank text. */
export function splitMessage(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = text.trimEnd();
  while (rest.length > limit) {
    const cut = cutPoint(rest, limit);
    const piece = rest.slice(0, cut).trimEnd();
    if (piece) pieces.push(piece);
    // The separator (blank lines, a newline or a space) is dropped; indentation of the next line is kept.
    rest = rest.slice(cut).replace(/^\n+|^ +/, "");
  }
  if (rest.trim()) pieces.push(rest);
  return pieces;
}

/** Where to end the next piece: the last paragraph break, line break or space within the limit. */
function cutPoint(text: string, limit: number): number {
  for (const separator of ["\n\n", "\n", " "]) {
    const at = text.lastIndexOf(separator, limit);
    if (at > 0) return at;
  }
  // No break at all: cut hard, never between the halves of a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}
