// An answer to an MCP server's form is checked against its requestedSchema (the form-schema subset)
// before it is sent: defaults fill omitted fields (SEP-1034), and every error names its field.
import { expect, it } from "vitest";
import { checkElicitContent } from "../../src/mcp/elicit-content";

const form = {
  type: "object",
  properties: {
    name: { type: "string", minLength: 2, maxLength: 20 },
    email: { type: "string", format: "email" },
    birthdate: { type: "string", format: "date" },
    age: { type: "integer", minimum: 1, maximum: 100, default: 42 },
    score: { type: "number", minimum: 0, maximum: 1, default: 0.5 },
    agree: { type: "boolean", default: false },
    colour: { type: "string", enum: ["red", "green"], default: "red" },
    hero: {
      type: "string",
      oneOf: [
        { const: "h1", title: "Superman" },
        { const: "h2", title: "Batman" },
      ],
    },
    fish: { type: "array", minItems: 1, maxItems: 2, items: { anyOf: [{ const: "f1" }, { const: "f2" }, { const: "f3" }] }, default: ["f1"] },
  },
  required: ["name"],
};

it("fills omitted fields with their defaults and keeps what was given", () => {
  expect(checkElicitContent(form, { name: "Ada", age: 7 })).toEqual({
    ok: true,
    content: { name: "Ada", age: 7, score: 0.5, agree: false, colour: "red", fish: ["f1"] },
  });
});

it("lists every invalid field: type, range, length, format, enum, required", () => {
  const checked = checkElicitContent(form, {
    email: "not-an-email",
    birthdate: "2020-13-45",
    age: 500,
    score: "high",
    colour: "blue",
    hero: "h9",
    fish: ["f1", "f2", "f3"],
  });
  expect(checked.ok).toBe(false);
  const errors = checked.ok ? [] : checked.errors;
  for (const field of ["email", "birthdate", "age", "score", "colour", "hero", "fish"])
    expect(
      errors.some((e) => e.startsWith(`${field}:`)),
      field,
    ).toBe(true);
  expect(errors.some((e) => e.includes("name"))).toBe(true);
});

it("refuses fields the form does not have", () => {
  expect(checkElicitContent(form, { name: "Ada", password: "x" })).toEqual({ ok: false, errors: ["password: not a field of this form"] });
});
