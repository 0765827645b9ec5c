// A formula reads in a chat either wholly converted or as its source with a link to the page: never half
// converted, with a TeX command, a brace or the converter's own markers left in the text.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { texToUnicode } from "../../src/platforms/tex-unicode";
import { RUNS, textOf } from "../support/linear-time";

const UNITS = [
  ..."x2{}^_&-=() ,.'|~",
  "\\\\",
  "\\frac",
  "\\sqrt",
  "[3]",
  "\\hat",
  "\\vec",
  "\\left",
  "\\right",
  "\\text{a}",
  "\\mathbb",
  "\\not",
  "\\choose",
  "\\alpha",
  "\\sin",
  "\\cdot",
  "\\pm",
  "\\le",
  "\\begin{pmatrix}",
  "\\end{pmatrix}",
  "\\begin{cases}",
  "\\end{cases}",
  "\\unknown",
  "\\underbrace",
  "\\overset",
  "\\xrightarrow",
  "[a]",
  "\\ce{",
  "\\pu{",
  " ->[",
  "]",
  "H2",
  "e-",
  "kJ",
  "1.2e3",
];

describe("TeX as Unicode", () => {
  it("answers text with no TeX left in it, or null", () => {
    fc.assert(
      fc.property(textOf(...UNITS), (tex) => {
        const text = texToUnicode(tex);
        if (text === null) return;
        expect(text).not.toMatch(/\\[A-Za-z]|[\u0000-\u0005]/);
      }),
      RUNS,
    );
  });
});
