// How a chat reads an MCP server's form (src/channels/input-form.ts): the fields of each kind the MCP
// form schema allows, button values that survive the round trip and fit Telegram's 64 bytes, replies
// turned into values (or a reason to ask again), and when Skip and Send are offered.
import { describe, expect, it } from "vitest";
import { canSend, fieldQuestion, formButtonValue, formFields, parseFormButton, replyValue, type FormAction } from "../../src/channels/input-form";
import { ENGLISH_CHAT_PHRASES as SAY } from "../support/english-phrases";

const SCHEMA = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    agree: { type: "boolean", title: "Agree" },
    age: { type: "integer", minimum: 1, maximum: 120, default: 30 },
    size: { type: "number" },
    pet: { type: "string", enum: ["p1", "p2"], enumNames: ["Cats", "Dogs"] },
    hero: {
      type: "string",
      oneOf: [
        { const: "h1", title: "Superman" },
        { const: "h2", title: "Wonder Woman" },
      ],
    },
    fish: {
      type: "array",
      items: {
        anyOf: [
          { const: "f1", title: "Tuna" },
          { const: "f2", title: "Salmon" },
        ],
      },
    },
  },
  required: ["name"],
};
const fields = formFields(SCHEMA);
const field = (name: string) => fields.find((f) => f.name === name)!;

describe("an MCP server's form in a chat", () => {
  it("reads each kind of field, with options from enum + enumNames, oneOf and anyOf", () => {
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ["name", "text", true],
      ["agree", "boolean", false],
      ["age", "integer", false],
      ["size", "number", false],
      ["pet", "choice", false],
      ["hero", "choice", false],
      ["fish", "multi", false],
    ]);
    expect(field("pet").options).toEqual([
      { value: "p1", label: "Cats" },
      { value: "p2", label: "Dogs" },
    ]);
    expect(field("hero").options.map((o) => o.label)).toEqual(["Superman", "Wonder Woman"]);
    expect(field("fish").options.map((o) => o.value)).toEqual(["f1", "f2"]);
  });

  it("makes button values that come back as they went and fit Telegram's 64-byte callback_data", () => {
    const inputId = `inp_${"f".repeat(20)}`;
    const actions: FormAction[] = [
      { kind: "decline" },
      { kind: "cancel" },
      { kind: "send" },
      { kind: "skip", field: 12 },
      { kind: "choose", field: 999, option: 999 },
    ];
    for (const action of actions) {
      const value = formButtonValue(inputId, action);
      expect(new TextEncoder().encode(value).length).toBeLessThanOrEqual(64);
      expect(parseFormButton(value)).toEqual({ inputId, action });
    }
    expect(parseFormButton("quiz:A")).toBeUndefined();
    expect(parseFormButton("allow:appr_1")).toBeUndefined();
    expect(parseFormButton(`in:${inputId}:x`)).toBeUndefined();
  });

  it("turns replies into values, or says what to reply", () => {
    expect(replyValue(field("name"), "  Ada ", SAY)).toEqual({ value: "Ada" });
    expect(replyValue(field("age"), "42", SAY)).toEqual({ value: 42 });
    expect(replyValue(field("age"), "4.5", SAY)).toEqual({ error: "Please reply with a whole number." });
    expect(replyValue(field("size"), "3,5", SAY)).toEqual({ value: 3.5 });
    expect(replyValue(field("agree"), "Yes", SAY)).toEqual({ value: true });
    expect(replyValue(field("agree"), "maybe", SAY)).toEqual({ error: "Please press Yes or No." });
    expect(replyValue(field("pet"), "dogs", SAY)).toEqual({ value: "p2" });
    expect(replyValue(field("fish"), "Tuna, salmon", SAY)).toEqual({ value: ["f1", "f2"] });
    expect(replyValue(field("fish"), "Tuna, cod", SAY)).toEqual({ error: "Please reply with options from: Tuna, Salmon." });
  });

  it("offers Skip only for optional fields and Send only once the required ones have values", () => {
    const labels = (i: number, values: Record<string, string>) =>
      fieldQuestion("inp_1", fields, { field: i, values }, SAY)
        .buttons!.at(-1)!
        .map((b) => b.label);
    expect(labels(0, {})).toEqual(["Decline", "Cancel"]);
    expect(canSend(fields, {})).toBe(false);
    expect(labels(1, { name: "Ada" })).toEqual(["Skip", "Send", "Decline", "Cancel"]);
    const age = fieldQuestion("inp_1", fields, { field: 2, values: { name: "Ada" } }, SAY);
    expect(age.text).toBe("(3/7) age\nReply with a whole number from 1 to 120.\nDefault: 30");
  });
});
