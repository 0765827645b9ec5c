// Where the first syntax error of a JSON text is and what was expected there, without quoting any of it:
// the text is a var that may hold secrets (API_KEYS, WEBHOOKS, MCP_SERVERS), and the message can reach a
// log or a caller. JSON.parse's own message quotes the text, and a library for this (jsonc-parser) was
// 3.6 KiB of the Worker bundle's 400 KiB gzip budget (BENCHMARKS.md) for what RFC 8259's grammar fits here.

/** A syntax error at `offset`, where `expected` was expected. */
class JsonSyntax extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** Reads `text` as strict JSON (no comments, no trailing commas) and throws a JsonSyntax at its first error. */
function check(text: string): void {
  let i = 0;
  const fail = (expected: string): never => {
    throw new JsonSyntax(i, expected);
  };
  const space = () => {
    while (" \t\n\r".includes(text[i] || "x")) i++;
  };
  const string = () => {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) fail("a closing quote");
      else if (c === '"') return void i++;
      else if (c === "\\") {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) fail("an escape (\\n, \\uXXXX…)");
        i = ESCAPE.lastIndex;
      } else if (c < " ") fail("no control character in a string");
      else i++;
    }
  };
  const list = (close: "}" | "]", item: () => void, expected: string) => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (;;) {
      space();
      item();
      space();
      if (text[i] === close) return void i++;
      if (text[i] !== ",") fail(expected);
      i++;
    }
  };
  const member = () => {
    if (text[i] !== '"') fail("a property name in double quotes");
    string();
    space();
    if (text[i] !== ":") fail("a colon");
    i++;
    space();
    value();
  };
  const value = (): void => {
    const c = text[i];
    if (c === "{") return list("}", member, "a comma or a closing brace");
    if (c === "[") return list("]", value, "a comma or a closing bracket");
    if (c === '"') return string();
    for (const word of ["true", "false", "null"]) if (text.startsWith(word, i)) return void (i += word.length);
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail("a value");
    i = NUMBER.lastIndex;
  };
  space();
  value();
  space();
  if (i < text.length) fail("the end of the text");
}

/** "expected a colon at line 2, column 7": where the first syntax error of `text` is; "not JSON" when there is none. */
export function jsonSyntaxError(text: string): string {
  try {
    check(text);
    return "not JSON";
  } catch (e) {
    // Nesting deep enough to exhaust the stack is itself the error, at no particular place.
    if (!(e instanceof JsonSyntax)) return "nested too deeply";
    const before = text.slice(0, e.offset).split("\n");
    return `expected ${e.expected} at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
  }
}
