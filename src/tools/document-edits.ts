// Exact text edits of a stored document (save_document's `edits`): each old_text must occur exactly
// once in the document as the earlier edits left it. Any edit that fails makes the whole call fail,
// naming every such edit, so a document is never left half-edited.

export interface DocumentEdit {
  old_text: string;
  new_text: string;
}

/** Where `needle` occurs in `text`, up to `limit` times. */
function occurrences(text: string, needle: string, limit = 3): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1 && found.length < limit; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

const preview = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}…` : text);

/** The document with every edit applied in order, or the problems of the edits that could not be applied. */
export function applyEdits(text: string, edits: readonly DocumentEdit[]): { text: string } | { errors: string[] } {
  const errors: string[] = [];
  let current = text;
  edits.forEach((edit, i) => {
    const at = occurrences(current, edit.old_text);
    const name = `edit ${i + 1} (old_text ${preview(edit.old_text)})`;
    if (at.length === 0) errors.push(`${name} matches nothing; copy old_text exactly from the document, including spaces and punctuation.`);
    else if (at.length > 1)
      errors.push(`${name} matches ${at.length === 3 ? "3 or more" : at.length} places; include more of the surrounding text so it matches one.`);
    else current = current.slice(0, at[0]) + edit.new_text + current.slice(at[0]! + edit.old_text.length);
  });
  return errors.length ? { errors } : { text: current };
}

/** `addition` after `text`, separated by exactly one blank line. */
export function appendBlock(text: string, addition: string): string {
  if (!text.trim()) return addition;
  return `${text.trimEnd()}\n\n${addition.replace(/^\s*\n/, "")}`;
}
