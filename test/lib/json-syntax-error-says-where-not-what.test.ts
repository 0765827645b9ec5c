// A broken JSON var is described by where its first error is and what was expected there, never by its text
// (the var may hold secrets): the position JSON.parse would fail at, for each kind of error.
import { describe, expect, it } from "vitest";
import { jsonSyntaxError } from "../../src/lib/json-syntax-error";

describe("a JSON syntax error's description", () => {
  it.each([
    ["", "expected a value at line 1, column 1"],
    ['{"a":}', "expected a value at line 1, column 6"],
    ['{"a" 1}', "expected a colon at line 1, column 6"],
    ["{a:1}", "expected a property name in double quotes at line 1, column 2"],
    ['{"a":1,}', "expected a property name in double quotes at line 1, column 8"],
    ['{"a":1 "b":2}', "expected a comma or a closing brace at line 1, column 8"],
    ["[1,2", "expected a comma or a closing bracket at line 1, column 5"],
    ["[1,]", "expected a value at line 1, column 4"],
    ['["abc', "expected a closing quote at line 1, column 6"],
    ['["a\\x"]', "expected an escape (\\n, \\uXXXX…) at line 1, column 4"],
    ['["a\\u12g4"]', "expected an escape (\\n, \\uXXXX…) at line 1, column 4"],
    ['["a\tb"]', "expected no control character in a string at line 1, column 4"],
    ["[01]", "expected a comma or a closing bracket at line 1, column 3"],
    ["[-]", "expected a value at line 1, column 2"],
    ["[1.]", "expected a comma or a closing bracket at line 1, column 3"],
    ["[tru]", "expected a value at line 1, column 2"],
    ["{} {}", "expected the end of the text at line 1, column 4"],
    ['[\n  {"url": "x"},\n  {"url": Bearer}\n]', "expected a value at line 3, column 11"],
    ["// a comment\n{}", "expected a value at line 1, column 1"],
  ])("%j: %s", (text, described) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(jsonSyntaxError(text)).toBe(described);
  });

  it("valid JSON of every kind reads through (the description is only asked of a text JSON.parse refused)", () => {
    const valid = ['{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"],"b":{}}', " [ ] ", '"x"', "0", "-0.0E0"];
    for (const text of valid) expect([JSON.parse(text) !== Symbol(), jsonSyntaxError(text)]).toEqual([true, "not JSON"]);
  });

  it("quotes none of the text, and nesting past the stack is said, not thrown", () => {
    const secret = "sk-live-0123456789abcdef";
    expect(jsonSyntaxError(`{"key": ${secret}}`)).not.toContain(secret.slice(0, 4));
    expect(jsonSyntaxError("[".repeat(1_000_000))).toBe("nested too deeply");
  });
});
