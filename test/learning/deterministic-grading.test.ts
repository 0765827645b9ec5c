// Multiple choice and fill in the blank graded from the key, on a table of right, wrong, variant,
// noisy and other-script answers in many of the learners' languages. "model": the key does not
// settle a fill-in answer, so the model grader is asked (grade-answer.ts).
import { describe, expect, it } from "vitest";
import { gradeFillIn, gradeMultipleChoice } from "../../src/learning/key-grading";
import type { AnswerKey, Exercise } from "../../src/lessons/exercises";
import type { Verdict } from "../../src/learning/graded-answer";
import { ENGLISH_PHRASES } from "../support/english-phrases";
import { VOCABULARIES } from "../../src/lessons/vocabulary";

type Expected = Verdict | "model";

const mc: Exercise = {
  id: "1.1",
  chapter: 1,
  chapterTitle: "Derivatives",
  type: "multiple_choice",
  question: "What does $f'(a)$ measure?",
  options: [
    { letter: "A", text: "The value of $f$ at $a$" },
    { letter: "B", text: "The rate of change of $f$ at $a$" },
    { letter: "C", text: "The area under $f$" },
    { letter: "D", text: "The average of $f$" },
  ],
  concepts: [],
};
const mcKey: AnswerKey = { answer: "B", accepted: [], explanation: "A derivative is a rate of change." };
const mcZhKey: AnswerKey = { answer: "C — 外层 $\\cos$ 乘以内层导数 2。", accepted: [], explanation: "" };

const fill = (question: string, language?: string): Exercise => ({
  id: "1.3",
  chapter: 1,
  chapterTitle: "",
  type: "fill_in",
  question,
  concepts: [],
  ...(language ? { language } : {}),
});
const power = fill("The derivative of $x^5$ is ____ .");
const powerKey: AnswerKey = { answer: "$5x^4$", accepted: ["5 x to the fourth"], explanation: "Multiply by 5 and lower the exponent." };
const term = fill("The instantaneous rate of change is called the ____.");
const termKey: AnswerKey = { answer: "derivative / 导数", accepted: ["differential quotient"], explanation: "" };
const half = fill("The slope of $y = x/2$ is ____.");
const halfKey: AnswerKey = { answer: "1/2", accepted: [], explanation: "" };
const capital = fill("The capital of France is ____.");
const capitalKey: AnswerKey = { answer: "Paris (the city on the Seine)", accepted: [], explanation: "" };
const two = fill("A function has a ____ and a ____ .");
const twoKey: AnswerKey = { answer: "domain, range", accepted: [], explanation: "" };
const chain = fill("$(5x-2)^4$ 的导数是 ____ 。");
const chainKey: AnswerKey = { answer: "$20(5x-2)^3$", accepted: [], explanation: "" };
const neg = fill("The velocity at $t = 3$ is ____ m/s.");
const negKey: AnswerKey = { answer: "−10", accepted: [], explanation: "" };

// LaTeX options: the option's value typed as a value chooses it.
const fractions: Exercise = {
  ...mc,
  question: "$\\int_0^2 x^2\\,dx$ = ?",
  options: [
    { letter: "A", text: "$\\frac{3}{8}$" },
    { letter: "B", text: "$\\frac{8}{3}$" },
    { letter: "C", text: "$\\dfrac{1}{3}$" },
    { letter: "D", text: "$4$" },
  ],
};
const fractionsKey: AnswerKey = { answer: "B", accepted: [], explanation: "" };
const power6 = fill("La derivada de $x^6$ es ____ .", "es");
const power6Key: AnswerKey = { answer: "$6x^5$", accepted: ["6x⁵"], explanation: "" };
const prob = (language: string) => fill("P(A|B) = ____", language);
const probKey: AnswerKey = { answer: "0.4", accepted: [], explanation: "" };
const length = (language: string) => fill("L = ____ cm", language);
const lengthKey: AnswerKey = { answer: "7 cm", accepted: [], explanation: "" };
const seven = (language: string) => fill("3 + 4 = ____", language);
const sevenKey: AnswerKey = { answer: "7", accepted: [], explanation: "" };
const word = (language: string, answer: string, accepted: string[] = []) => [fill("____", language), { answer, accepted, explanation: "" }] as const;

type Row = [string, Exercise, AnswerKey, string, Expected];

// A Russian learner copies the option's letter on a Cyrillic keyboard: "В" is B's shape, another code point.
const ruChoice: Exercise = { ...mc, language: "ru", options: [...mc.options!.slice(0, 2), { letter: "C", text: "в точке $a$" }, mc.options![3]!] };
const keyOf = (answer: string): AnswerKey => ({ answer, accepted: [], explanation: "" });
/** The multiple choice exercise with options A–D of these texts, in `language`. */
const choices = (texts: string[], language?: string): Exercise => ({
  ...mc,
  ...(language ? { language } : {}),
  options: texts.map((text, i) => ({ letter: "ABCD"[i]!, text })),
});

const otherAlphabets: Row[] = [
  ["ru: Cyrillic В for B", ruChoice, keyOf("B"), "В", "correct"],
  ["ru: Cyrillic а) for A", ruChoice, keyOf("A"), "а)", "correct"],
  ["ru: Ответ: С (Cyrillic)", ruChoice, keyOf("C"), "Ответ: С", "correct"],
  ["ru: an option's text starting with the word в is that option", ruChoice, keyOf("C"), "в точке a", "correct"],
  ["ru: Б is not read as a letter (its place and shape disagree)", ruChoice, keyOf("B"), "Б", "incorrect"],
  ["el: Greek β for B", ruChoice, keyOf("B"), "β", "correct"],
  ["el: Greek δ) for D", ruChoice, keyOf("D"), "δ)", "correct"],
  ["ru: Cyrillic В when the key is C", ruChoice, keyOf("C"), "В", "incorrect"],
];

/** A letter said with the words learners put before it, in each language written in Latin letters (they were wrong). */
const saidWithWords: Row[] = [
  ["en: option B", mc, mcKey, "option B", "correct"],
  ["en: I think it's B", mc, mcKey, "I think it's B", "correct"],
  ["en: option A (wrong)", mc, mcKey, "option A", "incorrect"],
  ["en: maybe B", mc, mcKey, "maybe B", "correct"],
  ["es: tal vez la B", { ...mc, language: "es" }, mcKey, "tal vez la B", "correct"],
  ["de: vielleicht B", { ...mc, language: "de" }, mcKey, "vielleicht B", "correct"],
  ["en: maybe B or C still hedges", mc, mcKey, "maybe B or C", "incorrect"],
  ["es: opción B", { ...mc, language: "es" }, mcKey, "Opción b)", "correct"],
  ["fr: option B", { ...mc, language: "fr" }, mcKey, "l'option B", "correct"],
  ["de: Option B", { ...mc, language: "de" }, mcKey, "Option B", "correct"],
  ["pt: alternativa B", { ...mc, language: "pt" }, mcKey, "alternativa B", "correct"],
  ["pt: letra B", { ...mc, language: "pt" }, mcKey, "letra B", "correct"],
  ["it: opzione B", { ...mc, language: "it" }, mcKey, "opzione B", "correct"],
  ["vi: phương án B", { ...mc, language: "vi" }, mcKey, "phương án B", "correct"],
  ["id: pilihan B", { ...mc, language: "id" }, mcKey, "pilihan B", "correct"],
  ["tr: seçenek B", { ...mc, language: "tr" }, mcKey, "seçenek B", "correct"],
  ["tr: seçenek C (wrong)", { ...mc, language: "tr" }, mcKey, "seçenek C", "incorrect"],
];

/** Several letters listed are a hedge, not a choice, unless they are an option's own text. */
const bothOption: Exercise = { ...mc, options: [...mc.options!.slice(0, 3), { letter: "D", text: "A and B" }] };
const hedges: Row[] = [
  ["B and C hedges", mc, mcKey, "B and C", "incorrect"],
  ["A, B hedges (A is not an article here)", mc, mcKey, "A, B", "incorrect"],
  ["all four letters", mc, mcKey, "A B C D", "incorrect"],
  ["option b or c", mc, mcKey, "option b or c", "incorrect"],
  ["es: B y C", { ...mc, language: "es" }, mcKey, "B y C", "incorrect"],
  ["ru: В или С (Cyrillic)", ruChoice, keyOf("B"), "В или С", "incorrect"],
  ["a letter and why another is wrong is a choice", mc, mcKey, "B, because C is wrong", "correct"],
  ["an option whose text lists letters", bothOption, keyOf("D"), "A and B", "correct"],
];

/** Several blanks joined by the lesson's own "and"; numbers side by side stay two numbers. */
const blanks = (language: string) => fill("____ · ____", language);
const fourFive = keyOf("4, 5");
const partsJoined: Row[] = [
  ["es: 4 y 5", blanks("es"), fourFive, "4 y 5", "correct"],
  ["fr: 4 et 5", blanks("fr"), fourFive, "4 et 5", "correct"],
  ["de: 4 und 5", blanks("de"), fourFive, "4 und 5", "correct"],
  ["pt: 4 e 5", blanks("pt"), fourFive, "4 e 5", "correct"],
  ["ru: 4 и 5", blanks("ru"), fourFive, "4 и 5", "correct"],
  ["tr: 4 ve 5", blanks("tr"), fourFive, "4 ve 5", "correct"],
  ["zh: 4和5", blanks("zh"), fourFive, "4和5", "correct"],
  ["es: 4 y 6 is half right", blanks("es"), fourFive, "4 y 6", "partial"],
  ["es: dominio y rango", blanks("es"), keyOf("dominio, rango"), "dominio y rango", "correct"],
  ["45 is not 4, 5", blanks("en"), fourFive, "45", "model"],
  // With a decimal comma, a comma between digits is the number's: "1,5 y 2,6" is two parts, one of them right.
  ["es: 1,5 y 2,6 is half right", blanks("es"), keyOf("1,5; 2,5"), "1,5 y 2,6", "partial"],
  ["fr: 0,5 et 1,5", blanks("fr"), keyOf("0,5 ; 1,5"), "0,5 et 1,5", "correct"],
  ["en: 4,5 is still two parts", blanks("en"), fourFive, "4,5", "correct"],
  ["fr: 1 000 is a thousand", ...word("fr", "1000"), "1 000", "correct"],
  ["fr: 4 500 is four thousand five hundred", ...word("fr", "4500"), "4 500", "correct"],
];

/** Right answers a key's number once called wrong: a mixed number, another unit of the key's dimension, a sign typed out. */
const writtenOtherwise: Row[] = [
  ["mixed number", ...word("en", "3.5"), "3 1/2", "correct"],
  ["mixed number with a vulgar fraction", ...word("en", "3.5"), "3½", "correct"],
  ["negative mixed number", ...word("en", "-3.5"), "-3 1/2", "correct"],
  ["mixed number with a unit", ...word("en", "2.5 cm"), "2 1/2 cm", "correct"],
  ["mixed number for a mixed key", ...word("en", "1 3/4"), "1.75", "correct"],
  ["a mixed number is not its digits run together", ...word("en", "31/2"), "3 1/2", "incorrect"],
  ["wrong mixed number", ...word("en", "3.5"), "3 1/4", "incorrect"],
  ["es: número mixto", ...word("es", "2,5"), "2 1/2", "correct"],
  ["metres as centimetres", ...word("en", "5 m"), "500 cm", "correct"],
  ["hours as minutes", ...word("en", "2 h"), "120 min", "correct"],
  ["kilograms as grams", ...word("en", "1.2 kg"), "1200 g", "correct"],
  ["km/h as m/s", ...word("en", "36 km/h"), "10 m/s", "correct"],
  ["fr: litres en millilitres", ...word("fr", "1,5 l"), "1500 ml", "correct"],
  ["the wrong length in another unit", ...word("en", "5 m"), "50 cm", "incorrect"],
  ["a unit of another dimension goes to the model", ...word("en", "5 kg"), "5 °F", "model"],
  ["a temperature's other scale goes to the model", ...word("en", "100 °C"), "212 °F", "model"],
  ["degrees left out", ...word("en", "90°"), "90", "correct"],
  ["degrees written", ...word("en", "90"), "90°", "correct"],
  ["wrong angle", ...word("en", "90°"), "45°", "incorrect"],
  ["pi typed out", ...word("en", "2π"), "2pi", "correct"],
  ["pi over two typed out", ...word("en", "$\\frac{\\pi}{2}$"), "pi/2", "correct"],
  ["a root typed out", ...word("en", "√2"), "sqrt(2)", "correct"],
  ["a root's sign for sqrt", ...word("en", "sqrt(x+1)"), "√(x+1)", "correct"],
  ["pi inside a word is a word", ...word("en", "spin"), "sπn", "model"],
];

/** The new variants of issue 25, in many languages. */
const variants: Row[] = [
  // multiple choice: leads in each language, and a LaTeX option's value typed as a value
  ["en: the answer is B", mc, mcKey, "the answer is B", "correct"],
  ["es: la respuesta es B", mc, mcKey, "La respuesta es B", "correct"],
  ["fr: la réponse est b", mc, mcKey, "La réponse est b.", "correct"],
  ["de: die Antwort ist B", mc, mcKey, "Die Antwort ist B", "correct"],
  ["ru: Ответ: B", mc, mcKey, "Ответ: B", "correct"],
  ["ja: 答えはBです", mc, mcKey, "答えはBです", "correct"],
  ["ko: 정답은 B", mc, mcKey, "정답은 B", "correct"],
  ["ar: الإجابة هي B", mc, mcKey, "الإجابة هي B", "correct"],
  ["en: the answer is A (wrong)", mc, mcKey, "the answer is A", "incorrect"],
  ["option value 8/3 for \\frac{8}{3}", fractions, fractionsKey, "8/3", "correct"],
  ["option value as TeX", fractions, fractionsKey, "\\frac{8}{3}", "correct"],
  ["option value as a decimal is not an option's text", fractions, fractionsKey, "2.67", "incorrect"],
  ["option value 3/8 (wrong)", fractions, fractionsKey, "3/8", "incorrect"],
  ["option value 1/3 for \\dfrac", fractions, fractionsKey, "1/3", "incorrect"],
  // fill in: TeX, Python and superscript powers
  ["es: 6x^{5}", power6, power6Key, "6x^{5}", "correct"],
  ["es: 6x**5", power6, power6Key, "6x**5", "correct"],
  ["es: 6x⁵", power6, power6Key, "6x⁵", "correct"],
  ["es: y' = 6x^5", power6, power6Key, "y' = 6x^5", "correct"],
  ["es: la respuesta es 6x^5", power6, power6Key, "la respuesta es $6x^5$", "correct"],
  ["es: 6x^4 goes to the model", power6, power6Key, "6x^4", "model"],
  // fill in: numbers in every dress, several languages
  ["en: P(A|B)=0.4", prob("en"), probKey, "P(A|B)=0.4", "correct"],
  ["en: 2÷5", prob("en"), probKey, "2÷5", "correct"],
  ["en: 2/5", prob("en"), probKey, "2/5", "correct"],
  ["en: =0.4", prob("en"), probKey, "=0.4", "correct"],
  ["en: the answer is 0.4", prob("en"), probKey, "the answer is 0.4", "correct"],
  ["ja: 0.4です", prob("ja"), probKey, "0.4です", "correct"],
  ["ja: 答えは0.4です", prob("ja"), probKey, "答えは０．４です", "correct"],
  ["ja: ２÷５", prob("ja"), probKey, "２÷５", "correct"],
  ["es: 0,4 (decimal comma)", prob("es"), probKey, "0,4", "correct"],
  ["fr: la réponse est 0,4", prob("fr"), probKey, "la réponse est 0,4", "correct"],
  ["de: Die Antwort ist 40%", prob("de"), probKey, "Die Antwort ist 40%", "correct"],
  ["de: 0,5 is wrong", prob("de"), probKey, "0,5", "incorrect"],
  ["ar: الإجابة هي ٠٫٤ with Arabic digits", prob("ar"), probKey, "الإجابة هي ٠٫٤", "correct"],
  ["ar: Arabic-Indic 2/5", prob("ar"), probKey, "٢/٥", "correct"],
  ["en: L = 7", length("en"), lengthKey, "L = 7", "correct"],
  ["en: =7", length("en"), lengthKey, "=7", "correct"],
  ["en: 7cm", length("en"), lengthKey, "7cm", "correct"],
  ["en: 7 cm", length("en"), lengthKey, "7 cm", "correct"],
  ["en: x = 7 cm", length("en"), lengthKey, "x = 7 cm", "correct"],
  ["en: 17 is not 7", length("en"), lengthKey, "17", "incorrect"],
  ["en: 7 m is not 7 cm", length("en"), lengthKey, "7 m", "incorrect"],
  ["en: 0.7 is not 7", length("en"), lengthKey, "0.7", "incorrect"],
  ["en: seven", seven("en"), sevenKey, "seven", "correct"],
  ["es: siete", seven("es"), sevenKey, "siete", "correct"],
  ["fr: sept", seven("fr"), sevenKey, "sept", "correct"],
  ["de: sieben", seven("de"), sevenKey, "sieben", "correct"],
  ["pt: sete", seven("pt"), sevenKey, "sete", "correct"],
  ["it: sette", seven("it"), sevenKey, "sette", "correct"],
  ["ru: семь", seven("ru"), sevenKey, "семь", "correct"],
  ["ja: 七", seven("ja"), sevenKey, "七", "correct"],
  ["zh: 答案是七", seven("zh"), sevenKey, "答案是七", "correct"],
  ["ko: 칠", seven("ko"), sevenKey, "칠", "correct"],
  ["ar: سبعة", seven("ar"), sevenKey, "سبعة", "correct"],
  ["hi: उत्तर 7 है", seven("hi"), sevenKey, "उत्तर 7 है", "correct"],
  ["vi: đáp án là 7", seven("vi"), sevenKey, "đáp án là 7", "correct"],
  ["id: jawabannya 7", seven("id"), sevenKey, "jawabannya 7", "correct"],
  ["tr: cevap 7", seven("tr"), sevenKey, "cevap: 7", "correct"],
  ["de: acht is wrong", seven("de"), sevenKey, "acht", "incorrect"],
  ["es: 17 is not 7", seven("es"), sevenKey, "17", "incorrect"],
  // fill in: words, accents, articles and alternatives in several languages
  ["es: la derivada", ...word("es", "derivada"), "la derivada", "correct"],
  ["es: capital letter and accent", ...word("es", "análisis"), "Análisis", "correct"],
  ["fr: l'hypoténuse", ...word("fr", "hypoténuse"), "l'hypoténuse", "correct"],
  ["fr: ou alternatives", ...word("fr", "dérivée ou nombre dérivé"), "nombre dérivé", "correct"],
  ["de: oder alternatives", ...word("de", "Ableitung oder Differentialquotient"), "die Ableitung", "correct"],
  ["pt: accepted variant", ...word("pt", "derivada", ["taxa de variação instantânea"]), "Taxa de variação instantânea", "correct"],
  ["ru: или alternatives", ...word("ru", "производная или дифференциал"), "Производная", "correct"],
  ["ja: または alternatives", ...word("ja", "導関数または微分係数"), "微分係数", "correct"],
  ["vi: hoặc alternatives", ...word("vi", "đạo hàm hoặc vi phân"), "Đạo hàm", "correct"],
  ["es: another word goes to the model", ...word("es", "derivada"), "pendiente", "model"],
  ["ja: another word goes to the model", ...word("ja", "導関数"), "微分", "model"],
];

/** A key's letter in lower case or in brackets, as lesson-format.md allows (`**Answer:** b`): read as the validator reads it. */
const keyLetters: Row[] = [
  ["key **Answer:** b", mc, keyOf("b"), "B", "correct"],
  ["key **Answer:** (b)", mc, keyOf("(b)"), "b", "correct"],
  ["key **Answer:** b)", mc, keyOf("b)"), "the rate of change of f at a", "correct"],
  ["key **Answer:** b, answered A", mc, keyOf("b"), "A", "incorrect"],
  // A lower-case letter that starts a word is the word's, and a capital before an apostrophe too.
  ["pt key **Resposta:** a alternativa B", { ...mc, language: "pt" }, keyOf("a alternativa B"), "B", "correct"],
  ["pt key **Resposta:** a alternativa B, answered A", { ...mc, language: "pt" }, keyOf("a alternativa B"), "A", "incorrect"],
  ["fr key **Réponse :** c'est la B", { ...mc, language: "fr" }, keyOf("c'est la B"), "B", "correct"],
  ["fr key **Réponse :** C'est la B", { ...mc, language: "fr" }, keyOf("C'est la B"), "B", "correct"],
  ["key **Answer:** d/dx of x^3 is 3x^2, so B", mc, keyOf("d/dx of x^3 is 3x^2, so B"), "B", "correct"],
];

/**
 * Numbers in the lesson's own convention: a decimal comma and `.` between thousands in German and Spanish, a
 * decimal point and `,` between thousands in English. An answer that is the key's number only in the other
 * convention (`1,000` for a German `1.000`) goes to the model.
 */
const separators: Row[] = [
  ["de: 1000 for 1.000", ...word("de", "1.000"), "1000", "correct"],
  ["de: 1 000 for 1.000", ...word("de", "1.000"), "1 000", "correct"],
  ["de: 1 is not 1.000", ...word("de", "1.000"), "1", "incorrect"],
  ["de: 1.000 for 1000", ...word("de", "1000"), "1.000", "correct"],
  ["de: 1.234,5 for 1234.5", ...word("de", "1.234,5"), "1234,5", "correct"],
  ["de: 2.5 for 2,5", ...word("de", "2,5"), "2.5", "correct"],
  ["de: 2,5 for 2,5", ...word("de", "2,5"), "2,5", "correct"],
  ["de: 2,5 for 2,500", ...word("de", "2,500"), "2,5", "correct"],
  ["de: 2500 is not 2,500", ...word("de", "2,500"), "2500", "incorrect"],
  ["de: 0.500 is a half", ...word("de", "0,5"), "0.500", "correct"],
  ["de: English 1,000 for 1.000 goes to the model", ...word("de", "1.000"), "1,000", "model"],
  ["de: English 2.500 for 2,500 goes to the model", ...word("de", "2,500"), "2.500", "model"],
  ["es: 1000 for 1.000", ...word("es", "1.000"), "1000", "correct"],
  ["es: 1 is not 1.000", ...word("es", "1.000"), "1", "incorrect"],
  ["es: 1500000 for 1.500.000", ...word("es", "1.500.000"), "1500000", "correct"],
  ["es: 2.5 for 2,5", ...word("es", "2,5"), "2.5", "correct"],
  ["es: 2,5 for 2,500", ...word("es", "2,500"), "2,5", "correct"],
  ["es: 2500 is not 2,500", ...word("es", "2,500"), "2500", "incorrect"],
  ["es: English 1,000 for 1.000 goes to the model", ...word("es", "1.000"), "1,000", "model"],
  ["en: 1000 for 1,000", ...word("en", "1,000"), "1000", "correct"],
  ["en: 1 for 1.000", ...word("en", "1.000"), "1", "correct"],
  ["en: 2500 for 2,500", ...word("en", "2,500"), "2500", "correct"],
  ["en: 2,5 is not 2,500", ...word("en", "2,500"), "2,5", "incorrect"],
  ["en: 2,5 for 2.5", ...word("en", "2.5"), "2,5", "correct"],
];

/** Case folded the way Turkish and German write it: İ, I, ı and i are one letter, ß is ss. */
const cities: Exercise = {
  ...mc,
  language: "tr",
  options: ["Ankara", "İzmir", "İstanbul", "Iğdır"].map((text, i) => ({ letter: "ABCD"[i]!, text })),
};
const towns: Exercise = {
  ...mc,
  language: "de",
  options: ["Dorf", "Großstadt", "Kleinstadt", "Weiler"].map((text, i) => ({ letter: "ABCD"[i]!, text })),
};
const letterCase: Row[] = [
  ["tr: izmir for İzmir", cities, keyOf("B"), "izmir", "correct"],
  ["tr: IZMIR for İzmir", cities, keyOf("B"), "IZMIR", "correct"],
  ["tr: İZMİR for İzmir", cities, keyOf("B"), "İZMİR", "correct"],
  ["tr: ISTANBUL for İstanbul", cities, keyOf("C"), "ISTANBUL", "correct"],
  ["tr: ığdır for Iğdır", cities, keyOf("D"), "ığdır", "correct"],
  ["tr: izmir when the key is İstanbul", cities, keyOf("C"), "izmir", "incorrect"],
  ["tr: İki for iki", ...word("tr", "iki"), "İki", "correct"],
  ["tr: ALTI for 6", ...word("tr", "6"), "ALTI", "correct"],
  ["tr: altı for 6", ...word("tr", "6"), "altı", "correct"],
  ["de: GROSSSTADT for Großstadt", towns, keyOf("B"), "GROSSSTADT", "correct"],
  ["de: STRASSE for Straße", ...word("de", "Straße"), "STRASSE", "correct"],
  ["de: Strasse for Straße", ...word("de", "Straße"), "Strasse", "correct"],
];

/**
 * Wrong answers the key once called right, because a form it took away said something: another article (the point of a
 * gender exercise), one root of a key's two, an interval's other brackets, a factorial's or a language's sign, or the
 * amount the question gives typed back where the exercise asks to convert or simplify it. "model": the grader reads it.
 */
const notTheSame: Row[] = [
  ["es: la problema for el problema", fill("Completa: ____ (problema)", "es"), keyOf("el problema"), "la problema", "model"],
  ["es: el problema for el problema", fill("Completa: ____ (problema)", "es"), keyOf("el problema"), "El problema", "correct"],
  ["es: problema alone for el problema", fill("Completa: ____ (problema)", "es"), keyOf("el problema"), "problema", "correct"],
  ["de: der Katze for die Katze", fill("Ergänze: ____ (Katze)", "de"), keyOf("die Katze"), "der Katze", "model"],
  ["fr: le table for la table", fill("Complète : ____ (table)", "fr"), keyOf("la table"), "le table", "model"],
  ["en: a apple for an apple", fill("____ (apple)", "en"), keyOf("an apple"), "a apple", "model"],
  [
    "es: multiple choice by an option's text with another article",
    choices(["el problema", "la problema", "los problema", "las problema"], "es"),
    keyOf("A"),
    "la problema",
    "incorrect",
  ],
  ["one root of two", fill("Solve $x^2 = 4$: x = ____"), keyOf("x = 2 or x = −2"), "2", "model"],
  ["es: one root of two", fill("Resuelve $x^2 = 4$: x = ____", "es"), keyOf("2 o −2"), "x = 2", "model"],
  ["both roots", fill("Solve $x^2 = 4$: x = ____"), keyOf("x = 2 or x = −2"), "x = 2 or x = −2", "correct"],
  ["alternatives of one amount still count", ...word("en", "0.5 or 1/2"), "1/2", "correct"],
  ["an open interval for a closed one", fill("The range of $\\sin$ is ____."), keyOf("$[-1, 1]$"), "(-1, 1)", "model"],
  ["an interval is not a decimal", fill("The range is ____."), keyOf("[0,1]"), "0.1", "model"],
  ["a point written without its space", fill("The vertex is ____."), keyOf("(2, 3)"), "(2,3)", "correct"],
  ["multiple choice between intervals", choices(["(0, 1)", "[0, 1]", "(0, 1]", "[0, 1)"]), keyOf("B"), "[0,1]", "correct"],
  ["5 is not 5!", ...word("en", "$5!$"), "5", "model"],
  ["n is not n!", ...word("en", "n!"), "n", "model"],
  ["C is not C#", ...word("en", "C#"), "C", "model"],
  ["an excited option text is still the option", mc, mcKey, "the rate of change of f at a!", "correct"],
  ["the given length typed back", fill("5 m = ____ cm"), keyOf("500"), "5 m", "model"],
  ["the conversion asked for", fill("5 m = ____ cm"), keyOf("500"), "500", "correct"],
  ["the conversion in another unit", fill("5 m = ____ cm"), keyOf("500"), "5000 mm", "correct"],
  ["the given time typed back", fill("Convert 2 h to minutes: ____"), keyOf("120 min"), "2 h", "model"],
  ["the fraction to simplify typed back", fill("Simplify $\\frac{6}{8}$ = ____"), keyOf("3/4"), "6/8", "model"],
  ["the decimal to write as a fraction typed back", fill("Write 0.75 as a fraction: ____"), keyOf("3/4"), "0.75", "model"],
  ["a fraction in higher terms than the key's", fill("1/4 + 1/4 = ____"), keyOf("1/2"), "2/4", "model"],
  ["a fraction in the key's lowest terms", fill("1/4 + 1/4 = ____"), keyOf("1/2"), "1/2", "correct"],
  ["a decimal for a key's fraction", fill("1/4 + 1/4 = ____"), keyOf("1/2"), "0.5", "correct"],
  ["fr: the decimal typed back", fill("Écris 0,75 sous forme de fraction : ____", "fr"), keyOf("3/4"), "0,75", "model"],
  ["a key that is the question's own amount", fill("A 5 m rope is not cut. Its length is ____."), keyOf("5 m"), "5 m", "correct"],
  // A key's math written with spaces is no answer and its explanation: `2x - 3` is not `2x` explained by `3`.
  ["2x for 2x - 3", ...word("en", "2x - 3"), "2x", "model"],
  ["n for n - 1", ...word("en", "n - 1"), "n", "model"],
  ["2x - 3 for 2x - 3", ...word("en", "2x - 3"), "2x-3", "correct"],
  ["a for a (b + c)", ...word("en", "a (b + c)"), "a", "model"],
  ["x for x / 2", ...word("en", "x / 2"), "x", "model"],
  ["km for km / h", ...word("en", "km / h"), "km", "model"],
  ["sin x for sin x - cos x", ...word("en", "sin x - cos x"), "sin x", "model"],
  ["es: a for a o b (letters, not alternatives)", ...word("es", "a o b"), "a", "model"],
  ["an en dash before words still explains", ...word("en", "2h – twice the step"), "2h", "correct"],
  ["a hyphen before words still explains", ...word("en", "2h - twice the step"), "2h", "correct"],
  ["a parenthesis of words still explains", ...word("en", "3 (three)"), "3", "correct"],
];

/** Right answers once graded wrong: an option in italics, a French or phone apostrophe, the option whose text was typed, Indian and Arabic grouping, a percentage's sign. */
const rightAfterAll: Row[] = [
  ["es: an option written in italics", choices(["*ser*", "*estar*", "*haber*", "*tener*"], "es"), keyOf("B"), "estar", "correct"],
  ["es: another option in italics", choices(["*ser*", "*estar*", "*haber*", "*tener*"], "es"), keyOf("B"), "ser", "incorrect"],
  ["fr: c'est B", { ...mc, language: "fr" }, mcKey, "C'est B", "correct"],
  ["fr: c'est la B", { ...mc, language: "fr" }, mcKey, "c'est la B", "correct"],
  ["fr: c’est B (a phone's apostrophe)", { ...mc, language: "fr" }, mcKey, "c’est B", "correct"],
  ["en: it’s b (a phone's apostrophe)", mc, mcKey, "it’s b", "correct"],
  ["fr: d'après moi B does not choose D", { ...mc, language: "fr" }, keyOf("D"), "d'après moi B", "incorrect"],
  ["the option whose text was typed, not another of its value", choices(["1/2", "0.5", "2/4", "none"]), keyOf("B"), "0.5", "correct"],
  ["hi: a lakh grouped as India writes it", ...word("hi", "100000"), "1,00,000", "correct"],
  ["en: ten lakh", ...word("en", "1000000"), "10,00,000", "correct"],
  ["ar: Arabic thousands separator", ...word("ar", "1000"), "١٬٠٠٠", "correct"],
  ["a hyphen typed for minus", neg, negKey, "‐10", "correct"],
  ["a root over two", ...word("en", "$\\frac{\\sqrt{2}}{2}$"), "√2/2", "correct"],
  ["a negative power", ...word("en", "$x^{-1}$"), "x⁻¹", "correct"],
  ["pt: é a B (an article, not the letter A)", { ...mc, language: "pt" }, mcKey, "é a B", "correct"],
  ["pt: a B ou a C still hedges", { ...mc, language: "pt" }, mcKey, "a B ou a C", "incorrect"],
  ["tr: %50 as Turkish writes it", ...word("tr", "0,5"), "%50", "correct"],
  ["tr: a key of %50", ...word("tr", "%50"), "50%", "correct"],
  ["a percentage without its sign goes to the model", fill("What percentage passed? ____"), keyOf("50%"), "50", "model"],
  ["a percentage's sign added goes to the model", fill("What percentage passed? ____"), keyOf("50"), "50 %", "model"],
  ["another percentage is still wrong", fill("What percentage passed? ____"), keyOf("50%"), "40", "incorrect"],
];

/**
 * True/false, written as a fill-in: an answer that is a truth word of the lesson's language or English, or its letter,
 * states the key's truth value or the other (each vocabulary's `truth`). Once all "model" or graded wrong.
 */
const tf = (language: string, key: string) => word(language, key);
const trueOrFalse: Row[] = [
  ["es: V for Verdadero", ...tf("es", "Verdadero"), "V", "correct"],
  ["es: F for Falso", ...tf("es", "Falso"), "F", "correct"],
  ["es: f. for Falso", ...tf("es", "Falso"), "f.", "correct"],
  ["es: F for Verdadero", ...tf("es", "Verdadero"), "F", "incorrect"],
  ["es: V for Falso", ...tf("es", "Falso"), "V", "incorrect"],
  ["es: falso for Verdadero", ...tf("es", "Verdadero"), "falso", "incorrect"],
  ["es: cierto for Verdadero", ...tf("es", "Verdadero"), "Es cierto", "correct"],
  ["es: English False for Falso", ...tf("es", "Falso"), "False", "correct"],
  ["es: English T for Verdadero", ...tf("es", "Verdadero"), "T", "correct"],
  ["es: an explained key", ...tf("es", "Falso — la derivada de una constante es 0"), "F", "correct"],
  ["es: a truth word with reasons is the model's", ...tf("es", "Falso"), "Falso, porque la derivada es 0", "model"],
  ["es: a key that is a letter is no truth word", ...tf("es", "V"), "verdadero", "model"],
  ["es: a key that is no truth word", ...tf("es", "vender"), "V", "model"],
  ["fr: V for Vrai", ...tf("fr", "Vrai"), "V", "correct"],
  ["fr: F for Vrai", ...tf("fr", "Vrai"), "F", "incorrect"],
  ["fr: c'est faux for Faux", ...tf("fr", "Faux"), "C'est faux", "correct"],
  ["de: W for wahr", ...tf("de", "wahr"), "W", "correct"],
  ["de: F for wahr", ...tf("de", "Wahr"), "F", "incorrect"],
  ["de: R for richtig", ...tf("de", "richtig"), "R", "correct"],
  ["de: falsch for Falsch", ...tf("de", "Falsch"), "f", "correct"],
  ["it: V for vero", ...tf("it", "vero"), "V", "correct"],
  ["pt: F for verdadeiro", ...tf("pt", "verdadeiro"), "F", "incorrect"],
  ["pt: F for Falso", ...tf("pt", "Falso"), "F", "correct"],
  ["ru: неверно for верно", ...tf("ru", "Верно"), "неверно", "incorrect"],
  ["ru: не верно for неверно", ...tf("ru", "Неверно"), "не верно", "correct"],
  ["zh: 对 for 正确", ...tf("zh", "正确"), "对", "correct"],
  ["zh: 错 for 正确", ...tf("zh", "正确"), "错", "incorrect"],
  ["zh: × for 错误", ...tf("zh", "错误"), "×", "correct"],
  ["zh-Hant: 對 for 正確", ...tf("zh-Hant", "正確"), "對", "correct"],
  ["zh-Hant: 錯 for 正確", ...tf("zh-Hant", "正確"), "錯。", "incorrect"],
  ["ar: صح for صحيح", ...tf("ar", "صحيح"), "صح", "correct"],
  ["ar: خطأ for صحيح", ...tf("ar", "صحيح"), "خطأ", "incorrect"],
  ["ja: 〇 for 正しい", ...tf("ja", "正しい"), "〇", "correct"],
  ["ja: × for 正しい", ...tf("ja", "正しい"), "×", "incorrect"],
  ["ko: O for 참", ...tf("ko", "참"), "O", "correct"],
  ["ko: X for 참", ...tf("ko", "참"), "X", "incorrect"],
  ["tr: D for doğru", ...tf("tr", "Doğru"), "D", "correct"],
  ["tr: YANLIŞ for doğru", ...tf("tr", "Doğru"), "YANLIŞ", "incorrect"],
  ["id: S for benar", ...tf("id", "benar"), "S", "incorrect"],
  ["id: B for benar", ...tf("id", "Benar"), "B", "correct"],
  ["vi: Đ for đúng", ...tf("vi", "Đúng"), "Đ", "correct"],
  ["vi: S for đúng", ...tf("vi", "Đúng"), "S", "incorrect"],
  ["hi: गलत for सही", ...tf("hi", "सही"), "गलत", "incorrect"],
  ["en: T for True", ...tf("en", "True"), "T", "correct"],
  ["en: F for True", ...tf("en", "True"), "F", "incorrect"],
  ["en: it's false for False", ...tf("en", "False"), "it's false", "correct"],
  ["en: a truth word for a key that is none", ...tf("en", "the derivative"), "true", "model"],
];

/**
 * A unit's case where it names another unit (SI prefixes m and M, bytes and bits, s and S): not the same unit, so the
 * model grader reads it. Another case of a unit that no unit is spelled as (KM, Kg, ma) is still the unit.
 */
const unitCase: Row[] = [
  ["5 M (molar) for 5 m", ...word("en", "5 m"), "5 M", "model"],
  ["5 m for 5 M (molar)", ...word("en", "5 M"), "5 m", "model"],
  ["500 cm for 5 M (molar)", ...word("en", "5 M"), "500 cm", "model"],
  ["5 MA for 5 mA", ...word("en", "5 mA"), "5 MA", "model"],
  ["5 MA in TeX for 5 mA", ...word("en", "5 mA"), "$5\\,\\mathrm{MA}$", "model"],
  ["100 Mg for 100 mg", ...word("en", "100 mg"), "100 Mg", "model"],
  ["2 mb for 2 MB", ...word("en", "2 MB"), "2 mb", "model"],
  ["2 Mb (megabit) for 2 MB", ...word("en", "2 MB"), "2 Mb", "model"],
  ["5 S (siemens) for 5 s", ...word("en", "5 s"), "5 S", "model"],
  ["5 G for 5 g", ...word("en", "5 g"), "5 G", "model"],
  ["5 mHz for 5 MHz", ...word("en", "5 MHz"), "5 mHz", "model"],
  ["5 mM (millimolar) for 5 mm", ...word("en", "5 mm"), "5 mM", "model"],
  ["the key's own molar", ...word("en", "0.5 M"), "0.5 M", "correct"],
  ["another molarity", ...word("en", "0.5 M"), "0.6 M", "incorrect"],
  ["5 KM for 5 km", ...word("en", "5 km"), "5 KM", "correct"],
  ["5 Km for 5 km", ...word("en", "5 km"), "5 Km", "correct"],
  ["5 ma for 5 mA", ...word("en", "5 mA"), "5 ma", "correct"],
  ["5000 mA for 5 A", ...word("en", "5 A"), "5000 mA", "correct"],
  ["5 MHZ for 5 MHz", ...word("en", "5 MHz"), "5 MHZ", "correct"],
  ["2 KB for 2 kB", ...word("en", "2 kB"), "2 KB", "correct"],
  ["5s for 5 s", ...word("en", "5 s"), "5s", "correct"],
  ["de: 5 M for 5 m", ...word("de", "5 m"), "5 M", "model"],
  ["multiple choice between m and M", choices(["5 m", "5 M", "5 mm", "5 mM"]), keyOf("B"), "5 M", "correct"],
];

const table: Row[] = [
  // multiple choice: the letter in any dress
  ["letter", mc, mcKey, "B", "correct"],
  ["lower case", mc, mcKey, "b", "correct"],
  ["spaces", mc, mcKey, "  B  ", "correct"],
  ["trailing period", mc, mcKey, "B.", "correct"],
  ["parenthesized", mc, mcKey, "(B)", "correct"],
  ["closing parenthesis", mc, mcKey, "b)", "correct"],
  ["full-width letter", mc, mcKey, "Ｂ", "correct"],
  ["full-width parenthesized", mc, mcKey, "（Ｂ）", "correct"],
  ["letter and text", mc, mcKey, "B. The rate of change of f at a", "correct"],
  ["option text only", mc, mcKey, "the rate of change of $f$ at $a$", "correct"],
  ["option text without markup", mc, mcKey, "The rate of change of f at a", "correct"],
  ["option text, other case and punctuation", mc, mcKey, "THE RATE OF CHANGE OF F AT A!", "correct"],
  ["Chinese wording", mc, mcKey, "选B", "correct"],
  ["Chinese sentence", mc, mcKey, "答案是 B。", "correct"],
  ["bold letter", mc, mcKey, "**B**", "correct"],
  ["wrong letter", mc, mcKey, "A", "incorrect"],
  ["wrong letter lower", mc, mcKey, "c", "incorrect"],
  ["wrong full-width", mc, mcKey, "Ｄ", "incorrect"],
  ["wrong option text", mc, mcKey, "The area under f", "incorrect"],
  ["no such option", mc, mcKey, "E", "incorrect"],
  ["empty", mc, mcKey, "", "incorrect"],
  ["noise", mc, mcKey, "???", "incorrect"],
  ["two letters", mc, mcKey, "A or B", "incorrect"],
  ["Chinese wrong", mc, mcKey, "选 A", "incorrect"],
  ["key with a dash and Chinese", mc, mcZhKey, "c", "correct"],
  ["key with a dash, wrong", mc, mcZhKey, "B", "incorrect"],
  // fill in: the key's answer and its variants
  ["exact with TeX", power, powerKey, "$5x^4$", "correct"],
  ["without TeX", power, powerKey, "5x^4", "correct"],
  ["spaces", power, powerKey, "5 x ^ 4", "correct"],
  ["superscript", power, powerKey, "5x⁴", "correct"],
  ["explicit product", power, powerKey, "5*x^4", "correct"],
  ["cdot", power, powerKey, "5 \\cdot x^4", "correct"],
  ["full-width", power, powerKey, "５ｘ＾４", "correct"],
  ["accepted variant", power, powerKey, "5 x to the fourth", "correct"],
  ["trailing period", power, powerKey, "5x^4.", "correct"],
  ["wrong exponent", power, powerKey, "5x^5", "model"],
  ["wrong factor", power, powerKey, "4x^4", "model"],
  ["superscript wrong", power, powerKey, "5x³", "model"],
  ["empty", power, powerKey, "", "incorrect"],
  ["word", term, termKey, "derivative", "correct"],
  ["article", term, termKey, "the derivative", "correct"],
  ["capitals", term, termKey, "Derivative", "correct"],
  ["quoted", term, termKey, "“derivative”", "correct"],
  ["Chinese alternative", term, termKey, "导数", "correct"],
  ["Chinese with punctuation", term, termKey, "导数。", "correct"],
  ["Chinese spaced", term, termKey, "导 数", "correct"],
  ["accepted variant", term, termKey, "Differential quotient", "correct"],
  ["wrong word", term, termKey, "integral", "model"],
  ["wrong Chinese", term, termKey, "积分", "model"],
  ["misspelling is wrong", term, termKey, "derivitave", "model"],
  ["fraction", half, halfKey, "1/2", "correct"],
  ["decimal", half, halfKey, "0.5", "correct"],
  ["leading dot", half, halfKey, ".5", "correct"],
  ["percent", half, halfKey, "50%", "correct"],
  ["vulgar fraction", half, halfKey, "½", "correct"],
  ["full-width decimal", half, halfKey, "０．５", "correct"],
  ["wrong number", half, halfKey, "2", "incorrect"],
  ["near miss", half, halfKey, "0.55", "incorrect"],
  ["explained key: the head", capital, capitalKey, "paris", "correct"],
  ["explained key: whole", capital, capitalKey, "Paris (the city on the Seine)", "correct"],
  ["wrong city", capital, capitalKey, "Lyon", "model"],
  ["two blanks", two, twoKey, "domain, range", "correct"],
  ["two blanks with and", two, twoKey, "Domain and Range", "correct"],
  ["two blanks, Chinese comma", two, twoKey, "domain，range", "correct"],
  ["one of two", two, twoKey, "domain, codomain", "partial"],
  ["none of two", two, twoKey, "input, output", "model"],
  ["math in Chinese lesson", chain, chainKey, "20(5x-2)^3", "correct"],
  ["math with spaces", chain, chainKey, "20 (5x - 2)^3", "correct"],
  ["math with explicit product", chain, chainKey, "20*(5x-2)^3", "correct"],
  ["math with superscript", chain, chainKey, "20(5x−2)³", "correct"],
  ["math wrong", chain, chainKey, "4(5x-2)^3", "model"],
  ["minus sign forms", neg, negKey, "-10", "correct"],
  ["en dash minus", neg, negKey, "–10", "correct"],
  ["sign matters", neg, negKey, "10", "incorrect"],
  ...variants,
  ...writtenOtherwise,
  ...otherAlphabets,
  ...saidWithWords,
  ...partsJoined,
  ...hedges,
  ...keyLetters,
  ...separators,
  ...letterCase,
  ...notTheSame,
  ...rightAfterAll,
  ...trueOrFalse,
  ...unitCase,
];

describe("deterministic grading", () => {
  it(`has a table of at least 140 answers (${table.length}) in at least five languages`, () => {
    expect(table.length).toBeGreaterThanOrEqual(140);
    expect(new Set(table.map(([, e]) => e.language).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
  });

  it.each(table.map((row) => [`${row[0]}: "${row[3]}" is ${row[4]}`, row] as const))("%s", (_name, [, exercise, key, answer, verdict]) => {
    const grade =
      exercise.type === "multiple_choice" ? gradeMultipleChoice(exercise, key, answer, ENGLISH_PHRASES) : gradeFillIn(exercise, key, answer, ENGLISH_PHRASES);
    if (verdict === "model") return expect(grade).toBeUndefined();
    expect(grade?.verdict).toBe(verdict);
    expect(grade?.score).toBe(verdict === "correct" ? 1 : verdict === "incorrect" ? 0 : 0.5);
  });

  it("never reads F as true, in any language", () => {
    for (const v of VOCABULARIES)
      for (const key of v.truth.true)
        expect(gradeFillIn(fill("____", v.language), keyOf(key), "F", ENGLISH_PHRASES)?.verdict, `${v.language} ${key}`).not.toBe("correct");
  });

  it("says the expected answer and the key's explanation", () => {
    const wrong = gradeMultipleChoice(mc, mcKey, "A", ENGLISH_PHRASES);
    expect(wrong.expected).toBe("B. The rate of change of $f$ at $a$");
    expect(wrong.feedback).toContain("you chose A");
    expect(wrong.feedback).toContain("A derivative is a rate of change.");
    expect(gradeFillIn(power, powerKey, "5x^4", ENGLISH_PHRASES)).toMatchObject({
      expected: "$5x^4$",
      feedback: "Correct. Multiply by 5 and lower the exponent.",
    });
  });
});
