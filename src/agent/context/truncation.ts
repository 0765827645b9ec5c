// Tool output truncation that can be undone: an output over the line or byte limit is cut (keeping its
// head, its tail or both), a marker says what was cut and how to read it, and the caller keeps the whole
// output (see tool-outputs.ts) for read_tool_output.
//
// Outputs are addressed by line. A line longer than PIECE_CHARS counts as several lines (pieces), so a
// one-line blob (minified JSON, a base64 image) is as readable in parts as a log file.

export type TruncationMode = "head" | "tail" | "head_tail";

export interface OutputLimits {
  maxLines: number;
  maxBytes: number;
  mode: TruncationMode;
}

/** Length of a piece of a long line; small enough that a half byte budget always holds one (3 bytes a char at most). */
const PIECE_CHARS = 1000;
/** Bytes kept free for the marker. */
const MARKER_BYTES = 400;

export interface OutputLine {
  text: string;
  /** The line goes on in the next piece. */
  continues: boolean;
}

export function outputLines(text: string): OutputLine[] {
  const out: OutputLine[] = [];
  for (const line of text.split("\n")) {
    let rest = line;
    while (rest.length > PIECE_CHARS) {
      // Never split a surrogate pair.
      const cut = isHighSurrogate(rest.charCodeAt(PIECE_CHARS - 1)) ? PIECE_CHARS - 1 : PIECE_CHARS;
      out.push({ text: rest.slice(0, cut), continues: true });
      rest = rest.slice(cut);
    }
    out.push({ text: rest, continues: false });
  }
  return out;
}

export function joinLines(lines: readonly OutputLine[]): string {
  let s = "";
  lines.forEach((l, i) => {
    s += l.text;
    if (!l.continues && i < lines.length - 1) s += "\n";
  });
  return s;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c < 0xdc00;

export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (isHighSurrogate(c)) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** How many lines from one end fit the budgets. */
function fit(lines: readonly OutputLine[], fromEnd: boolean, maxLines: number, maxBytes: number): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  while (count < Math.min(maxLines, lines.length)) {
    const line = lines[fromEnd ? lines.length - 1 - count : count]!;
    const size = utf8Length(line.text) + 1;
    if (bytes + size > maxBytes) break;
    bytes += size;
    count++;
  }
  return { count, bytes };
}

export interface Truncated {
  content: string;
  truncated: boolean;
}

/** Cuts `text` to the limits; the marker tells the model how to read the cut part of output `id`. */
export function truncateOutput(id: string, text: string, limits: OutputLimits): Truncated {
  const lines = outputLines(text);
  const bytes = utf8Length(text);
  if (lines.length <= limits.maxLines && bytes <= limits.maxBytes) return { content: text, truncated: false };

  const lineBudget = limits.maxLines - 1;
  const byteBudget = limits.maxBytes - MARKER_BYTES;
  let head = 0;
  let tail = 0;
  if (limits.mode === "head") head = fit(lines, false, lineBudget, byteBudget).count;
  else if (limits.mode === "tail") tail = fit(lines, true, lineBudget, byteBudget).count;
  else {
    const h = fit(lines, false, Math.floor(lineBudget / 2), Math.floor(byteBudget / 2));
    head = h.count;
    tail = fit(lines, true, lineBudget - head, byteBudget - h.bytes).count;
  }
  const from = head;
  const to = lines.length - tail;
  const marker =
    `[… ${to - from} of ${lines.length} lines cut here (the whole output is ${bytes} bytes). It is kept: ` +
    `read_tool_output({"id":"${id}","offset":${from},"limit":${Math.min(to - from, lineBudget)}}) returns lines ${from}–${to - 1}.]`;
  const parts = [head ? joinLines(lines.slice(0, head)) : "", marker, tail ? joinLines(lines.slice(to)) : ""].filter(Boolean);
  return { content: parts.join("\n"), truncated: true };
}
