// The fields each wire knows (src/openai-compatible/wire-fields.ts) are exactly the top-level fields of the
// `openai` package's request types, read from its declarations: a field OpenAI adds shows up here when the
// package is updated, to be honoured, refused or documented as ignored.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { CHAT_FIELDS, RESPONSES_FIELDS } from "../../src/openai-compatible/wire-fields";

const require = createRequire(import.meta.url);

/** The member names of the interface `name` declared in the `openai` package's file `module`. */
function fieldsOf(module: string, name: string): string[] {
  const file = require.resolve(`openai/${module}`).replace(/\.js$/, ".d.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!found) throw new Error(`${name} is not declared in ${file}`);
  return found.members.map((m) => m.name!.getText(source));
}

describe("the wires' known fields", () => {
  it("Chat Completions: ChatCompletionCreateParamsBase's fields", () => {
    expect([...CHAT_FIELDS].sort()).toEqual(fieldsOf("resources/chat/completions/completions", "ChatCompletionCreateParamsBase").sort());
  });

  it("Responses: ResponseCreateParamsBase's fields", () => {
    expect([...RESPONSES_FIELDS].sort()).toEqual(fieldsOf("resources/responses/responses", "ResponseCreateParamsBase").sort());
  });
});
