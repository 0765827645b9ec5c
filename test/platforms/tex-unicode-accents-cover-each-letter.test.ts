// An accent over several letters (or a letter with its subscript) was left as TeX source (audit R5). It is now
// the combining mark on each letter it covers, as one would type it; an arrow over several letters, which would
// read as one arrow per letter, is written vec(AB). Over anything but letters and their scripts, the accent's name:
// tex-unicode-writes-a-mark-over-an-expression-by-its-name.test.ts.
import { describe, expect, it } from "vitest";
import { texToUnicode } from "../../src/platforms/tex-unicode";

describe("accents over several letters", () => {
  it.each([
    ["\\overline{AB}", "A̅B̅"],
    ["\\hat{xy}", "x̂ŷ"],
    ["\\widehat{ABC}", "ÂB̂Ĉ"],
    ["\\widetilde{ab}", "ãb̃"],
    ["\\bar{z_1}", "z̄₁"],
    ["\\underline{AB}", "A̲B̲"],
    ["\\vec{AB} = \\overrightarrow{CD}", "vec(AB) = vec(CD)"],
    ["\\overrightarrow{v}", "v⃗"],
    ["\\vec{F}_{net}", "F⃗ₙₑₜ"],
    ["\\dot{x} = v", "ẋ = v"],
  ])("%s → %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });
});
