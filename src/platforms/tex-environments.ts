// TeX's matrices, cases and aligned equations as chat text. A matrix is one line, its rows split by `;` and its
// entries by `,` inside the brackets TeX draws: `\begin{pmatrix} a & b \\ c & d \end{pmatrix}` → (a, b; c, d),
// bmatrix [a, b; c, d], a determinant (vmatrix) |a, b; c, d|. Cases and aligned equations are lines of their own:
// `{ x, if x ≥ 0` per case; an aligned row with its `&` dropped.

/** What the converter writes for `&` and `\\` inside an environment's body, and for a line break. */
export const CELL = "\u0001";
export const ROW = "\u0002";
export const LINE = "\u0003";

/** A matrix's brackets by its name's first letter: pmatrix (), bmatrix [], Bmatrix {}, vmatrix ||, Vmatrix ‖‖. */
const BRACKETS: Record<string, string> = { p: "()", b: "[]", B: "{}", v: "||", V: "‖‖" };
const MATRIX = /^([pbBvV]?matrix|array)$/;
const CASES = /^d?cases$/;
const LINES = /^(align(ed)?|gather(ed)?|split)\*?$/;

/** Whether `name` is an environment `environment` writes. */
export const knownEnvironment = (name: string) => MATRIX.test(name) || CASES.test(name) || LINES.test(name);

/** A known environment's converted body (its cells and rows marked) as text. */
export function environment(name: string, body: string): string {
  // A `\\` after the last row ends no row.
  const rows = body
    .split(ROW)
    .map((row) => row.split(CELL).map((cell) => cell.trim()))
    .filter((row) => row.some((cell) => cell));
  if (MATRIX.test(name)) {
    // No one-letter name is inherited: matrix and array have none.
    const brackets = BRACKETS[name[0]!] ?? "";
    return `${brackets.slice(0, 1)}${rows.map((row) => row.join(", ")).join("; ")}${brackets.slice(1)}`;
  }
  const lines = rows.map((row) => (CASES.test(name) ? `{ ${row.filter((cell) => cell).join(", ")}` : row.join(" ")));
  return LINE + lines.join(LINE) + LINE;
}
