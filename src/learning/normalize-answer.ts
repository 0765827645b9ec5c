// The form in which a learner's answer and the key's answer are compared: what a reader would not
// call a different answer (case, spacing, punctuation, full-width characters, Markdown and TeX
// markup, a leading article) is taken away; signs, digits and math symbols stay.

/** Punctuation that never changes an answer's meaning (ASCII and CJK). Minus, `+`, `^`, `/`, `=` and brackets stay. */
const NOISE = /[!"#',:;?@`~¡¿…·、。，；：！？「」『』《》〈〉【】“”‘’\\*_$]/g;

const SUPERSCRIPTS = /[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+/g;

export function normalizeAnswer(text: string): string {
  return (
    text
      // x² is x^2 (NFKC alone would make it x2).
      .replace(SUPERSCRIPTS, (s) => `^${s}`)
      // Full-width letters, digits and signs to their ASCII forms; superscripts to plain digits.
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[−–—]/g, "-")
      .replace(/\\(?:left|right|,|;|!|quad)/g, " ")
      .replace(/\\cdot|\\times|×/g, "*")
      // A period is noise unless it is a decimal point ("0.5", ".5").
      .replace(/\.(?!\d)/g, " ")
      .replace(NOISE, " ")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^(?:the|a|an) (?=\S)/, "")
      // Brackets around the whole answer say nothing: "(B)", "[x^2]".
      .replace(/^[([{]\s*([^()[\]{}]*?)\s*[)\]}]$/, "$1")
  );
}

/** The compact form: no spaces at all ("x ^ 2 + 1" and "x^2+1", "导 数" and "导数" agree). */
export function compactAnswer(text: string): string {
  return normalizeAnswer(text).replace(/ /g, "");
}

/** The number an answer states ("0.5", "1/2", "½", "50%"), if it is only a number. */
export function numericValue(text: string): number | undefined {
  const t = compactAnswer(text).replace(/⁄/g, "/");
  let m = /^(-?\d+(?:\.\d+)?|-?\.\d+)(%?)$/.exec(t);
  if (m) return Number(m[1]) / (m[2] ? 100 : 1);
  m = /^(-?\d+)\/(\d+)$/.exec(t);
  if (m && Number(m[2]) !== 0) return Number(m[1]) / Number(m[2]);
  return undefined;
}

/** Whether two answers say the same thing after normalization, or state the same number. */
export function sameAnswer(given: string, expected: string): boolean {
  const a = compactAnswer(given);
  const b = compactAnswer(expected);
  if (a === "" || b === "") return false;
  if (a === b) return true;
  const x = numericValue(given);
  const y = numericValue(expected);
  return x !== undefined && y !== undefined && Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y));
}
