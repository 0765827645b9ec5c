// The quiz lesson (quiz-lesson.ts) with math in every delimiter and a code block, for the page's math and
// code walks: inline $…$ and \(…\), display $$…$$ and \[…\], Python, and TeX that does not parse.
import { QUIZ_LESSON } from "./quiz-lesson";

// A function, not a string, as the replacement: in a replacement string `$$` would mean one `$`.
export const MATH_LESSON = QUIZ_LESSON.replace("#### Formula or code\n$(x^n)' = n x^{n-1}$\n", () =>
  [
    "#### Formula or code",
    "The power rule: $$\\frac{d}{dx} x^n = n x^{n-1}$$",
    "",
    "\\[\\int_0^1 x^2 \\, dx = \\tfrac{1}{3}\\]",
    "",
    "Inline too: \\(f'(x) = \\lim_{h \\to 0} \\frac{f(x+h) - f(x)}{h}\\), and $\\frac{1}{$ stays as written.",
    "",
    "```python",
    "def power_rule(n):",
    '    """The derivative of x**n."""',
    "    return lambda x: n * x ** (n - 1)",
    "```",
    "",
  ].join("\n"),
);
