// The fields each wire knows (src/openai-compatible/wire-fields.ts) are exactly the top-level fields of the
// `openai` package's request types, read from its declarations: a field OpenAI adds shows up here when the
// package is updated, to be honoured, refused or documented as ignored.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CHAT_FIELDS, RESPONSES_FIELDS, RESPONSES_INCLUDABLE, RETRIEVE_PARAMETERS } from "../../src/openai-compatible/wire-fields";

const require = createRequire(import.meta.url);

/** The string literals of the union type `name` declared in the `openai` package's file `module`. */
function literalsOf(module: string, name: string): string[] {
  const source = declarations(module);
  const found = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === name);
  if (!found || !ts.isUnionTypeNode(found.type)) throw new Error(`${name} is not a union declared in ${module}`);
  return found.type.types.map((t) => {
    if (!ts.isLiteralTypeNode(t) || !ts.isStringLiteral(t.literal)) throw new Error(`${name} has a member that is not a string: ${t.getText(source)}`);
    return t.literal.text;
  });
}

function declarations(module: string): ts.SourceFile {
  const file = require.resolve(`openai/${module}`).replace(/\.js$/, ".d.ts");
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
}

/** The member names of the interface `name` declared in the `openai` package's file `module`. */
function fieldsOf(module: string, name: string): string[] {
  const source = declarations(module);
  const found = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!found) throw new Error(`${name} is not declared in ${module}`);
  return found.members.map((m) => m.name!.getText(source));
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
