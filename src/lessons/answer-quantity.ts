// The amount an answer states, read from its normal form (./answer-normal-form.ts): a decimal, a fraction, a
// percentage, a mixed number or a number word, with the unit it may carry, so that two answers stating the same
// number agree (`2÷5`, `2/5`, `0.4`; `7 cm` and `7`; `5 m` and `500 cm`).
import { compactAnswer, escape, normalizeAnswer, withoutSpaces } from "./answer-normal-form";
import { foldCase, halfWidth, VOCABULARIES, type LessonVocabulary } from "./vocabulary";

/** Units a number may carry or leave out; one letter alone counts only after a space (`5 s`, not `5n`). */
const UNITS = new Set(
  "mm cm dm m km in ft yd mi mg g kg t lb oz ms s min h d ml l cl dl m^2 m^3 cm^2 cm^3 km^2 mm^2 n kn j kj w kw v mv a ma ω ohm pa kpa hz khz mhz °c °f ° k mol rad m/s km/h m/s^2 kb mb gb bit byte bytes".split(
    " ",
  ),
);

export interface Quantity {
  value: number;
  /** Lower case (`KM` is km), but a unit whose case names another unit as typed (`CASED_UNITS`: `M`, `MA`). */
  unit: string;
}

/**
 * Units another case of a known unit names (SI prefixes M and m, bytes B and bits b): molar M (not metres) and
 * millimolar mM, Mm, Mg, Ms, MA, MV, siemens S and mS, gauss G, tesla T, henry H, millihertz mHz (not MHz), kilo-,
 * mega- and gigabytes kB (or KB), MB, GB (kb, Mb, gb… are bits). Typed so, each is itself and compares with nothing
 * else (the model grader reads it); any other case of a unit is the unit (`KM`, `Kg`, `MHZ`, `ma` for mA), since no
 * unit is spelled so.
 */
const CASED_UNITS = new Map([..."M mM Mm Mg Ms MA MV S mS G T H mHz kB MB GB".split(" ").map((u) => [u, u] as const), ["KB", "kB"]]);

/** The unit as typed, when its case names another unit: the answer's last letters, if they are the unit (`5 \mathrm{MA}.`). */
const casedUnit = (text: string, unit: string): string | undefined => {
  const typed = halfWidth(text)
    .match(/\p{L}+/gu)
    ?.at(-1);
  return typed !== undefined && foldCase(typed) === unit ? CASED_UNITS.get(typed) : undefined;
};

/**
 * The units of one dimension, each by its size in that dimension's first unit: "5 m" and "500 cm" state the
 * same length. Units outside these (temperatures, whose scales do not start at one zero; data, whose kilo is
 * 1000 or 1024) compare only with themselves.
 */
const DIMENSIONS: ReadonlyArray<Readonly<Record<string, number>>> = [
  { m: 1, mm: 1e-3, cm: 1e-2, dm: 0.1, km: 1e3, in: 0.0254, ft: 0.3048, yd: 0.9144, mi: 1609.344 },
  { kg: 1, mg: 1e-6, g: 1e-3, t: 1e3, lb: 0.45359237, oz: 0.028349523125 },
  { s: 1, ms: 1e-3, min: 60, h: 3600, d: 86400 },
  { l: 1, ml: 1e-3, cl: 1e-2, dl: 0.1, "cm^3": 1e-3, "m^3": 1e3 },
  { "m^2": 1, "mm^2": 1e-6, "cm^2": 1e-4, "km^2": 1e6 },
  { "m/s": 1, "km/h": 1 / 3.6 },
  { j: 1, kj: 1e3 },
  { w: 1, kw: 1e3 },
  { v: 1, mv: 1e-3 },
  { a: 1, ma: 1e-3 },
  { pa: 1, kpa: 1e3 },
  { hz: 1, khz: 1e3, mhz: 1e6 },
];

/** The two quantities in one unit, or undefined when their units cannot be compared (a unit left out takes the other's). */
function inOneUnit(x: Quantity, y: Quantity): [number, number] | undefined {
  if (!x.unit || !y.unit || x.unit === y.unit) return [x.value, y.value];
  const dimension = DIMENSIONS.find((d) => Object.hasOwn(d, x.unit) && Object.hasOwn(d, y.unit));
  return dimension && [x.value * dimension[x.unit]!, y.value * dimension[y.unit]!];
}

/**
 * Whether two quantities are the same amount: true or false when their units compare (the same, one left
 * out, or one dimension's), undefined when they do not ("5 kg" against "5 °F" is for a grader who reads it).
 */
export function sameQuantity(x: Quantity, y: Quantity): boolean | undefined {
  const values = inOneUnit(x, y);
  return values && Math.abs(values[0] - values[1]) <= 1e-9 * Math.max(1, Math.abs(values[1]));
}

/** The number an answer states, with its unit: "0.5", "1/2", "½", "50%", "7 cm", "seven" (in the lesson's language). */
export function quantity(text: string, language?: LessonVocabulary): Quantity | undefined {
  const spaced = normalizeAnswer(text, language);
  const t = withoutSpaces(spaced);
  const word = [language, VOCABULARIES[0]].flatMap((v) => v?.numbers.findIndex((n) => foldCase(n) === t) ?? -1).find((n) => n >= 0);
  if (word !== undefined) return { value: word, unit: "" };
  const mixed = /^(-?)(\d+)\+(\d+)\/(\d+)/.exec(t);
  const m = mixed ? { numerator: mixed[3]!, denominator: mixed[4], percent: "", rest: t.slice(mixed[0].length) } : leadingNumber(t);
  if (!m) return undefined;
  const unit = m.rest;
  // A letter alone is a unit only after a space; a sign (`°`) is one anyway. (Only a known unit goes into an expression.)
  if (unit && !(UNITS.has(unit) && (unit.length > 1 || !/\p{L}/u.test(unit) || new RegExp(`\\d ${escape(unit)}$`).test(spaced)))) return undefined;
  const denominator = m.denominator === undefined ? 1 : Number(m.denominator);
  if (denominator === 0) return undefined;
  const fraction = Number(m.numerator) / denominator / (m.percent ? 100 : 1);
  // A mixed number's sign is the whole's: -3 1/2 is -3.5.
  const value = mixed ? (mixed[1] ? -1 : 1) * (Number(mixed[2]) + fraction) : fraction;
  return { value, unit: (unit && casedUnit(text, unit)) || unit };
}

/**
 * The number a compact answer (one line: normalizeAnswer made every space and line break one space)
 * starts with, as a decimal, a fraction or a percentage, and the rest: "1/2cm" is 1, 2, "" and "cm".
 */
export function leadingNumber(compact: string): { numerator: string; denominator?: string; percent: string; rest: string } | undefined {
  // The rest is sliced off, not matched by `(.*)$`: where that failed (at a line break) each shorter reading of the digits was tried.
  const m = /^(-?(?:\d+(?:\.\d+)?|\.\d+))(?:\/(-?\d+(?:\.\d+)?))?(%?)/.exec(compact);
  return m ? { numerator: m[1]!, denominator: m[2], percent: m[3]!, rest: compact.slice(m[0].length) } : undefined;
}

/**
 * Whether an answer is an amount `text` writes in the same form, in one to three of its words: "5 m" in
 * `5 m = ____ cm`, "6/8" in "Simplify $\frac{6}{8}$", "0.75" in "Write 0.75 as a fraction".
 */
export function writtenIn(text: string, answer: string, language?: LessonVocabulary): boolean {
  const typed = compactAnswer(answer, language);
  const said = normalizeAnswer(text, language).split(" ");
  return quantity(answer, language) !== undefined && said.some((_, i) => [1, 2, 3].some((n) => said.slice(i, i + n).join("") === typed));
}

/**
 * Whether an answer states `amount` when its separators are read as English reads them, in a lesson whose language
 * reads them otherwise (`1,000` is one in German, a thousand in English): a learner may write numbers either way.
 */
export function amountInEnglish(text: string, amount: Quantity, language?: LessonVocabulary): boolean {
  const english = language?.decimalComma ? quantity(text, VOCABULARIES[0]) : undefined;
  return english !== undefined && sameQuantity(english, amount) === true;
}
