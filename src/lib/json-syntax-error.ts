// What JSON.parse does not say about a setting's JSON text, said without quoting any of it: where its first
// syntax error is and what was expected there, and the first key an object gives twice (JSON.parse keeps the
// last and drops the other without a word). The text is a var that may hold secrets (API_KEYS, WEBHOOKS,
// MCP_SERVERS), and the message can reach a log or a caller. JSON.parse's own message quotes the text, and a
// library for this (jsonc-parser) was 3.6 KiB of the Worker bundle's 400 KiB gzip budget (BENCHMARKS.md) for
// what RFC 8259's grammar fits here.

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

/** Where a value is inside a JSON document: its keys and indices from the root. */
type JsonPath = Array<string | number>;

/** A key an object gives twice: the object's path and the key. */
interface RepeatedKey {
  path: JsonPath;
  key: string;
}

/** Reads `text` as strict JSON (no comments, no trailing commas), throws a JsonSyntax at its first error, and returns its first repeated key. */
function check(text: string): RepeatedKey | undefined {
  let i = 0;
  let repeated: RepeatedKey | undefined;
  const path: JsonPath = [];
  const at = (step: string | number, item: () => void) => {
    path.push(step);
    item();
    path.pop();
  };
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
  const list = (close: "}" | "]", item: (index: number) => void, expected: string) => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (let index = 0; ; index++) {
      space();
      item(index);
      space();
      if (text[i] === close) return void i++;
      if (text[i] !== ",") fail(expected);
      i++;
    }
  };
  const object = () => {
    const keys = new Set<string>();
    list(
      "}",
      () => {
        if (text[i] !== '"') fail("a property name in double quotes");
        const start = i;
        string();
        const key = JSON.parse(text.slice(start, i)) as string; // `"g\u0068"` is "gh"
        if (keys.has(key)) repeated ??= { path: [...path], key };
        keys.add(key);
        space();
        if (text[i] !== ":") fail("a colon");
        i++;
        space();
        at(key, value);
      },
      "a comma or a closing brace",
    );
  };
  const value = (): void => {
    const c = text[i];
    if (c === "{") return object();
    if (c === "[") return list("]", (index) => at(index, value), "a comma or a closing bracket");
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
  return repeated;
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

/** Where a setting's JSON text goes wrong: a path inside it ([]: the whole text), and what is wrong there. */
export interface JsonSettingFault {
  path: JsonPath;
  message: string;
}

/**
 * A setting's JSON text as its value, or its fault: not JSON (where, and what was expected there), or a key an
 * object gives twice (by the object's path), of which JSON.parse would keep the last and drop the other unsaid.
 */
export function readJsonSetting(text: string): { value: unknown } | { fault: JsonSettingFault } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { fault: { path: [], message: `not valid JSON (${jsonSyntaxError(text)})` } };
  }
  try {
    const repeated = check(text);
    return repeated ? { fault: { path: repeated.path, message: `${JSON.stringify(repeated.key)} is given twice (JSON keeps only the last)` } } : { value };
  } catch {
    // JSON.parse took it, so only nesting past the stack stops the scan: refused, not passed unchecked.
    return { fault: { path: [], message: "nested too deeply to check for a repeated key" } };
  }
}
