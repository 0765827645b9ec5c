// TeX as plain Unicode for chats, which cannot show MathML, written as a careful teacher would type it
// (Unicode's linear format): `x^2 + \frac{1}{2}` → `x² + 1/2`, `\sqrt{2}` → `√2`, Greek letters and the usual
// operators as their symbols, accents as combining marks on each letter (`\overline{AB}` → A̅B̅; an arrow over
// several letters → vec(AB)), `\mathbb R` → ℝ, `90^\circ` → 90°, `\binom{n}{k}` → C(n, k). A sub- or
// superscript is written in Unicode's sub- and superscript characters when all of it has them (`x_{n+1}` → xₙ₊₁),
// else linearly, `^` or `_` and the script in parentheses unless it is one character: `e^{i\pi}` → e^(iπ),
// `\lim_{h\to0}` → lim_(h→0). A mark over or under an expression is its name before it, its text as a script:
// `\hat{x+y}` → hat(x+y), `\underbrace{a+b}_{n}` → underbrace(a+b)ₙ, `\overset{?}{=}` → =^?; an arrow's text
// sits in its shaft (tex-arrows.ts: `\xrightarrow{\Delta}` → —Δ→). Matrices, cases and aligned lines:
// tex-environments.ts; chemistry's `\ce{…}`: tex-chemistry.ts, its units' `\pu{…}`: tex-units.ts. TeX beyond
// that answers null, never half converted: the caller shows the source and links to the page, where KaTeX
// renders it.
import { ARROWS, labelledArrow } from "./tex-arrows";
import { chemistry } from "./tex-chemistry";
import { CELL, LINE, ROW, environment, knownEnvironment } from "./tex-environments";
import { ACCENTS, LETTER_STYLES, SPACED, SUBSCRIPT, SUPERSCRIPT, SYMBOLS } from "./tex-symbols";
import { units } from "./tex-units";

/** Commands whose braces are text: `\text{if }` → `if `. */
const TEXT_COMMANDS = /^text(bf|it|rm)?$/;
/** Font commands whose argument is still math, so it is converted: `\mathrm{H_2O}` → `H₂O`. */
const MATH_FONTS = /^(math(rm|it|bf|sf|tt)|boldsymbol|operatorname)$/;
/** The roots Unicode has a sign for, by `\sqrt[…]`'s index; another index is written before √ as a superscript. */
const ROOTS = new Map([
  ["3", "∛"],
  ["4", "∜"],
]);
/** Commands that size the delimiter they are given, and those that only size or style what follows. */
const DELIMITED = /^(left|right|middle)$/;
const IGNORED = /^([bB]igg?[lr]?|displaystyle|textstyle|limits|nolimits)$/;
/**
 * Where a space goes only before an operand: after a fraction or a linear script (`1/n x`, `lim_(h→0) (…)`, but
 * `(1/2)` and `1/2,`), and after a function's name, not before its parenthesis (`sin x`, `sin(x)`).
 */
const SPACE_BEFORE_OPERAND = "\u0004";
const SPACE_BEFORE_WORD = "\u0005";
/** Deeper nesting is left to the page: it bounds the stack, and the time (each level reads its own text once). */
const MAX_DEPTH = 40;

const COMMAND = /\\([A-Za-z]+|[^A-Za-z])/y;
const END = /\\end(?![A-Za-z])/y;
const BEGIN_NAME = /\s*\{([A-Za-z]+\*?)\}/y;
const END_NAME = /\\end\s*\{([A-Za-z]+\*?)\}/y;
/** Letters and digits, each with its scripts and marks: what an accent may cover. */
const ACCENTED = /^(?:[\p{Lu}\p{Ll}\p{Lo}\p{Nd}][\p{Lm}\p{Mn}\p{No}′]*)+$/u;
const BASE = /[\p{Lu}\p{Ll}\p{Lo}\p{Nd}]/gu;
/** One parenthesised group, which a mark's name needs no second pair around: `\hat{(a+b)}` → hat(a+b). */
const PARENTHESISED = /^\((?:[^()]|\([^()]*\))*\)$/;
/** KaTeX's arrows that stretch under and over a text: `\xrightarrow`, `\xLeftarrow`, `\xrightleftharpoons`… */
const STRETCHED = /^x([A-Za-z]*(?:arrow|harpoons))$/;

class Unrenderable extends Error {}
const unrenderable = (): never => {
  throw new Unrenderable();
};

interface Read {
  text: string;
  end: number;
  /** `\choose` or `\over`: the group's text before it is one part, after it the other. */
  infix?: string;
  /** No space before it: `a \cdot b` → a·b. */
  tight?: boolean;
}

/** `table`'s own entry for `name`, not one it inherits (`\constructor`). */
const own = <T>(table: Record<string, T>, name: string): T | undefined => (Object.hasOwn(table, name) ? table[name] : undefined);

const sticky = (re: RegExp, tex: string, at: number) => {
  re.lastIndex = at;
  return re.exec(tex);
};

const skipSpace = (tex: string, at: number) => {
  while (/\s/.test(tex[at] ?? "")) at++;
  return at;
};

/** Drops the spaces, kept or soft, at the end of `parts` (kept as pieces: a string cut at each script would be copied whole each time). */
function trimEnd(parts: string[]): void {
  while (parts.length > 0) {
    const last = parts.pop()!;
    let n = last.length;
    while (n > 0 && /[\s\u0004\u0005]/.test(last[n - 1]!)) n--;
    if (n > 0) return void parts.push(last.slice(0, n));
  }
}

/** `text` without the spaces, kept or soft, around it (a soft one is only ever last, after a fraction, a name…). */
const bare = (text: string) =>
  text
    .trim()
    .replace(/[\u0004\u0005]$/, "")
    .trim();

/** A text that must stay on one line (an arrow's, a mark's): a cell or row of an environment is left to the page. */
const flat = (text: string) => (/[\u0001-\u0003]/.test(text) ? unrenderable() : text);

/** A mark over or under an expression, written as its name before it: `\hat{x+y}` → hat(x+y). */
function marked(name: string, text: string): string {
  const covered = flat(bare(text)) || unrenderable();
  return name + (PARENTHESISED.test(covered) ? covered : `(${covered})`);
}

const character = (c: string) => (c === "-" ? "−" : c === "'" ? "′" : c === "~" ? " " : SPACED.test(c) ? ` ${c} ` : c);

/** Reads one TeX group at `at`: a `{…}` group, a `\command`, or one character. */
function group(tex: string, at: number, depth: number): Read {
  if (depth > MAX_DEPTH) unrenderable();
  const c = tex[at];
  if (c === "{") {
    const inner = convert(tex, at + 1, depth + 1);
    if (tex[inner.end] !== "}") unrenderable();
    return { text: inner.text, end: inner.end + 1 };
  }
  if (c === "\\") return command(tex, at, depth);
  if (c === undefined || c === "}" || c === "&") unrenderable();
  return { text: character(c!), end: at + 1 };
}

/** Wraps a fraction's part in parentheses unless it is one term: a symbol, or one applied to or in parentheses (P(B)). */
const operand = (s: string) =>
  /^(?:[\p{L}\p{M}\p{N}.′∂]+|[\p{L}\p{M}\p{N}′]*\([^()]*\))$/u.test(s.trim().replace(/[\u0004\u0005]/g, "")) ? s.trim() : `(${s.trim()})`;

/** `text` in sub- or superscript characters, or undefined when one of them has none or it holds words (`n times`). */
function script(text: string, table: Record<string, string>): string | undefined {
  if (/\p{L}[\s\u0004\u0005]+\p{L}/u.test(text)) return undefined;
  const chars = [...text.replace(/[\s\u0004\u0005]/g, "")];
  return chars.every((c) => table[c] !== undefined) ? chars.map((c) => table[c]).join("") : undefined;
}

/** A script in the linear format: one character as it is, more in parentheses, spaced only between words. */
function linear(text: string): string {
  const t = text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/ (?![\p{L}\p{N}])|(?<![\p{L}\p{N}]) /gu, "");
  return [...t].length === 1 ? t : `(${t})`;
}

/** The sub- and superscript at `at`, both in Unicode's script characters or, when one cannot be, both linear. */
function scripts(tex: string, at: number, depth: number): Read {
  const parts: [string, string][] = [];
  let end = at;
  while (tex[end] === "^" || tex[end] === "_") {
    const op = tex[end]!;
    // `x^a^b` is an error in TeX too.
    if (parts.some(([seen]) => seen === op)) unrenderable();
    const arg = group(tex, skipSpace(tex, end + 1), depth + 1);
    parts.push([op, arg.text]);
    end = arg.end;
    const next = skipSpace(tex, end);
    if (tex[next] === "^" || tex[next] === "_") end = next;
  }
  return { text: attached(parts), end };
}

/** Scripts (`^` or `_` and the text) as one base's: all in script characters, else all linear. */
function attached(parts: [string, string][]): string {
  const unicode = parts.map(([op, text]) => script(text, op === "^" ? SUPERSCRIPT : SUBSCRIPT));
  if (unicode.every((u) => u !== undefined)) return unicode.join("");
  return parts.map(([op, text]) => op + linear(text)).join("") + SPACE_BEFORE_OPERAND;
}

function command(tex: string, at: number, depth: number): Read {
  const name = sticky(COMMAND, tex, at)?.[1] ?? unrenderable();
  let end = at + 1 + name.length;
  const arg = () => group(tex, skipSpace(tex, end), depth + 1);
  /** An optional `[…]` argument's source (it ends at the first `]`), or "" when there is none. */
  const optional = () => {
    const open = skipSpace(tex, end);
    if (tex[open] !== "[") return "";
    const close = tex.indexOf("]", open);
    end = close < 0 ? unrenderable() : close + 1;
    return tex.slice(open + 1, close);
  };
  if (IGNORED.test(name)) return { text: "", end };
  if (DELIMITED.test(name)) {
    // The delimiter, `.` for none, sits against what it encloses: `\left( x \right)` → (x).
    const delimiter = arg();
    const text = delimiter.text.trim();
    return { text: text === "." ? "" : text, end: skipSpace(tex, delimiter.end), tight: name !== "left" };
  }
  if (name === "choose" || name === "over") return { text: "", end, infix: name };
  if (name === "\\") return { text: ROW, end };
  if (/^[dtc]?(frac|binom)$/.test(name)) {
    const num = arg();
    end = num.end;
    const den = arg();
    if (name.endsWith("binom")) return { text: `C(${num.text.trim()}, ${den.text.trim()})`, end: den.end };
    return { text: `${operand(num.text)}/${operand(den.text)}${SPACE_BEFORE_OPERAND}`, end: den.end };
  }
  const accent = own(ACCENTS, name);
  if (accent) {
    const covered = arg();
    const letters = covered.text.replace(/[\s\u0004\u0005]/g, "");
    // Over more than letters, the mark's name: `\hat{x+y}` → hat(x+y) (`\widehat` too; an arrow is vec).
    if (!ACCENTED.test(letters)) return { text: marked(accent === "\u20d7" ? "vec" : name.replace("wide", ""), covered.text), end: covered.end };
    if (accent === "\u20d7" && letters.match(BASE)!.length > 1) return { text: `vec(${letters})`, end: covered.end };
    return { text: letters.replace(BASE, (c) => c + accent), end: covered.end };
  }
  const style = own(LETTER_STYLES, name);
  if (style) {
    const letter = arg();
    const [first, letterlike] = style;
    const capital = letter.text.trim();
    if (!/^[A-Z]$/.test(capital)) unrenderable();
    const kept = letterlike.indexOf(capital);
    return { text: kept >= 0 ? letterlike[kept + 1]! : String.fromCodePoint(first + capital.charCodeAt(0) - 65), end: letter.end };
  }
  if (/^(under|over)brace$/.test(name)) {
    // Its text is a script after it: `\underbrace{a+b}_{n}` → underbrace(a+b)ₙ.
    const covered = arg();
    return { text: marked(name, covered.text) + SPACE_BEFORE_OPERAND, end: covered.end };
  }
  const stretched = STRETCHED.exec(name);
  const head = stretched && own(SYMBOLS, stretched[1]!);
  if (head && ARROWS.test(head)) {
    // `\xrightarrow[under]{over}`: the text under it is read on its own.
    const inside = optional();
    const under = inside.includes("[") ? unrenderable() : convert(inside, 0, depth + 1);
    if (under.end < inside.length) unrenderable();
    const over = arg();
    return { text: labelledArrow(head, flat(over.text), flat(under.text)), end: over.end };
  }
  if (/^(over|under)set$|^stackrel$/.test(name)) {
    // A text over an arrow sits in it as `\xrightarrow`'s does; over or under anything else it is a script, spaced
    // as a relation: `\overset{?}{=}` → =^?, `\underset{x \to 0}{\lim}` → lim_(x→0), as `\lim_{x \to 0}`.
    const over = name !== "underset";
    const text = arg();
    end = text.end;
    const base = arg();
    const symbol = bare(base.text);
    const shown = flat(text.text);
    if (ARROWS.test(symbol)) return { text: labelledArrow(symbol, over ? shown : "", over ? "" : shown), end: base.end };
    return { text: ` ${symbol}${attached([[over ? "^" : "_", shown]])} `, end: base.end };
  }
  if (name === "sqrt") {
    const index = optional().trim();
    const root = index ? (ROOTS.get(index) ?? `${script(index, SUPERSCRIPT) ?? unrenderable()}√`) : "√";
    const radicandRead = arg();
    return { text: `${root}${operand(radicandRead.text)}`, end: radicandRead.end };
  }
  if (name === "not") {
    const negated = arg();
    // The long solidus combines with =, ∈, ⊂, ∣… into ≠, ∉, ⊄, ∤… (composed with the accents at the end).
    return { text: ` ${negated.text.trim()}\u0338 `, end: negated.end };
  }
  if (MATH_FONTS.test(name)) return arg();
  if (TEXT_COMMANDS.test(name)) {
    const open = skipSpace(tex, end);
    const close = tex.indexOf("}", open);
    if (tex[open] !== "{" || close < 0) unrenderable();
    return { text: tex.slice(open + 1, close), end: close + 1 };
  }
  if (name === "begin") return begin(tex, end, depth);
  if (name === "ce") return chemistry(tex, skipSpace(tex, end)) ?? unrenderable();
  if (name === "pu") return units(tex, skipSpace(tex, end)) ?? unrenderable();
  const symbol = own(SYMBOLS, name) ?? unrenderable();
  // A word command ends at the next non-letter; the space after it is TeX's, not the text's, unless a sign
  // follows, which keeps the spaces the source gave it on both sides: `\alpha + \beta` → α + β.
  if (/^[A-Za-z]/.test(name) && !/[+-]/.test(tex[skipSpace(tex, end)] ?? "")) end = skipSpace(tex, end);
  return { text: SPACED.test(symbol) ? ` ${symbol} ` : /^[a-z]{2,}$/i.test(symbol) ? symbol + SPACE_BEFORE_WORD : symbol, end, tight: symbol === "·" };
}

/** `\begin{…}` … `\end{…}` of an environment tex-environments.ts knows. */
function begin(tex: string, at: number, depth: number): Read {
  const name = sticky(BEGIN_NAME, tex, at)?.[1] ?? unrenderable();
  if (!knownEnvironment(name)) unrenderable();
  let body = BEGIN_NAME.lastIndex;
  // array's column layout shapes what the page draws, not what it says.
  if (name === "array" && tex[skipSpace(tex, body)] === "{") body = tex.indexOf("}", body) + 1 || unrenderable();
  const read = convert(tex, body, depth + 1);
  if (sticky(END_NAME, tex, read.end)?.[1] !== name) unrenderable();
  const end = END_NAME.lastIndex;
  return { text: environment(name, read.text), end };
}

/** Converts from `at` to the end of its group: a `}`, an `\end`, or the end of the text. */
function convert(tex: string, at: number, depth: number): Read {
  if (depth > MAX_DEPTH) unrenderable();
  let out: string[] = [];
  let before: Read | undefined;
  while (at < tex.length) {
    const c = tex[at]!;
    if (c === "}" || (c === "\\" && sticky(END, tex, at))) break;
    if (c === "^" || c === "_") {
      const s = scripts(tex, at, depth);
      // A script sits on what it follows: `\log_2 8` → "log₂ 8".
      trimEnd(out);
      out.push(s.text);
      at = s.end;
    } else if (c === "{" || c === "\\") {
      const g = group(tex, at, depth);
      if (g.infix) {
        if (before) unrenderable();
        before = { text: out.join(""), end: at, infix: g.infix };
        out = [];
      } else {
        if (g.tight) trimEnd(out);
        out.push(g.text);
      }
      at = g.end;
    } else {
      out.push(c === "&" ? CELL : character(c));
      at++;
    }
  }
  const text = out.join("");
  if (!before) return { text, end: at };
  const [a, b] = [before.text.trim(), text.trim()];
  return { text: before.infix === "choose" ? `C(${a}, ${b})` : `${operand(a)}/${operand(b)}${SPACE_BEFORE_OPERAND}`, end: at };
}

/** `tex` as plain Unicode (lines for cases and aligned equations), or null when it needs a real renderer. */
export function texToUnicode(tex: string): string | null {
  try {
    const source = tex.replace(/[\u0001-\u0005]/g, "");
    const read = convert(source, 0, 0);
    if (read.end < source.length || read.text.includes(CELL)) return null;
    return (
      read.text
        .replace(/\u0004(?=\()|[\u0004\u0005](?=[\p{L}\p{N}√∛∜∑∏∫∂∇])/gu, " ")
        .replace(/[\u0004\u0005]/g, "")
        .replace(/\s+/g, " ")
        .replaceAll(ROW, LINE)
        // Nothing spaced inside brackets, and a sign after a relation or an opening is not an operator: `= ±3`.
        .replace(/(^|[(\[⟨⌊⌈=<>≤≥≠≈→⇒⇔∈,;\u0003]) ?([±∓−]) /g, "$1 $2")
        .replace(/ ([)\]⟩⌋⌉])/g, "$1")
        .replace(/([(\[⟨⌊⌈]) /g, "$1")
        .split(LINE)
        .map((line) => line.trim())
        .filter((line) => line)
        .join("\n")
        // Letters with a mark in one character where Unicode has it (ŷ), as fonts draw them best.
        .normalize("NFC")
    );
  } catch (e) {
    if (e instanceof Unrenderable) return null;
    throw e;
  }
}
