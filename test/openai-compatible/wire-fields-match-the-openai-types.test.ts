// The fields each wire knows (src/openai-compatible/wire-fields.ts) are exactly the top-level fields of the
// `openai` package's request types, read from its declarations: a field OpenAI adds shows up here when the
// package is updated, to be honoured, refused or documented as ignored.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parseSync, type Declaration, type Statement } from "oxc-parser";
import { describe, expect, it } from "vitest";
import { CHAT_FIELDS, RESPONSES_FIELDS, RESPONSES_INCLUDABLE, RETRIEVE_PARAMETERS } from "../../src/openai-compatible/wire-fields";

const require = createRequire(import.meta.url);

/** The string literals of the union type `name` declared in the `openai` package's file `module`. */
function literalsOf(module: string, name: string): string[] {
  const { text, found } = declared(module, name);
  if (found?.type !== "TSTypeAliasDeclaration" || found.typeAnnotation.type !== "TSUnionType") throw new Error(`${name} is not a union declared in ${module}`);
  return found.typeAnnotation.types.map((t) => {
    if (t.type !== "TSLiteralType" || t.literal.type !== "Literal" || typeof t.literal.value !== "string")
      throw new Error(`${name} has a member that is not a string: ${text.slice(t.start, t.end)}`);
    return t.literal.value;
  });
}

/** The top-level declaration `name` of the `openai` package's file `module` (its .d.ts), exported or not. */
function declared(module: string, name: string): { text: string; found: Declaration | undefined } {
  const file = require.resolve(`openai/${module}`).replace(/\.js$/, ".d.ts");
  const text = readFileSync(file, "utf8");
  const unwrap = (s: Statement): Statement | Declaration | null | undefined => (s.type === "ExportNamedDeclaration" ? s.declaration : s);
  const found = parseSync(file, text)
    .program.body.map(unwrap)
    .find((s): s is Declaration => (s?.type === "TSTypeAliasDeclaration" || s?.type === "TSInterfaceDeclaration") && s.id.name === name);
  return { text, found };
}

/** The member names of the interface `name` declared in the `openai` package's file `module`. */
function fieldsOf(module: string, name: string): string[] {
  const { text, found } = declared(module, name);
  if (found?.type !== "TSInterfaceDeclaration") throw new Error(`${name} is not declared in ${module}`);
  return found.body.body.map((m) => {
    if (m.type !== "TSPropertySignature") throw new Error(`${name} has a member that is not a field: ${text.slice(m.start, m.end)}`);
    return text.slice(m.key.start, m.key.end);
  });
}

describe("the wires' known fields", () => {
  it("Chat Completions: ChatCompletionCreateParamsBase's fields", () => {
    expect([...CHAT_FIELDS].sort()).toEqual(fieldsOf("resources/chat/completions/completions", "ChatCompletionCreateParamsBase").sort());
  });

  it("Responses: ResponseCreateParamsBase's fields", () => {
    expect([...RESPONSES_FIELDS].sort()).toEqual(fieldsOf("resources/responses/responses", "ResponseCreateParamsBase").sort());
  });

  it("GET /v1/responses/:id: ResponseRetrieveParamsBase's query parameters", () => {
    expect([...RETRIEVE_PARAMETERS].sort()).toEqual(fieldsOf("resources/responses/responses", "ResponseRetrieveParamsBase").sort());
  });

  it("Responses include: ResponseIncludable's values", () => {
    expect([...RESPONSES_INCLUDABLE].sort()).toEqual(literalsOf("resources/responses/responses", "ResponseIncludable").sort());
  });
});
