// An MCP server's form (elicitation, form mode: a flat object of string, number, integer, boolean and
// enum fields) asked in a chat one field at a time: buttons for a boolean (Yes / No) and for a single
// choice (one per option), a reply for text and numbers (and for a multiple choice: its options,
// comma-separated). An optional field can be skipped (the server's default then applies, SEP-1034);
// once every required field has a value, Send answers with what is there. Decline and Cancel are always
// offered. Button values are "in:<input id>:<what>", well inside Telegram's 64 bytes.
import { fill } from "../lib/phrase-book";
import type { OutgoingMessage } from "../platforms/chat-platform";
import type { ChatPhrases } from "../platforms/chat-phrases";

type Json = Record<string, unknown>;

export interface FormField {
  name: string;
  label: string;
  description?: string;
  kind: "boolean" | "choice" | "multi" | "text" | "number" | "integer";
  /** For choice and multi: the values and how they are shown. */
  options: { value: string; label: string }[];
  required: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

export type FieldValue = string | number | boolean | string[];

/** Where a chat is in one form: the field asked now, and the values so far. */
export interface FormProgress {
  field: number;
  values: Record<string, FieldValue>;
}

/** What a press on a form's button means. */
export type FormAction =
  | { kind: "decline" }
  | { kind: "cancel" }
  | { kind: "send" }
  | { kind: "skip"; field: number }
  | { kind: "choose"; field: number; option: number };

const BUTTON = /^in:([A-Za-z0-9_-]{1,40}):(?:(d|c|a)|(\d{1,3}):(s|\d{1,3}))$/;

export function formButtonValue(inputId: string, action: FormAction): string {
  switch (action.kind) {
    case "decline":
      return `in:${inputId}:d`;
    case "cancel":
      return `in:${inputId}:c`;
    case "send":
      return `in:${inputId}:a`;
    case "skip":
      return `in:${inputId}:${action.field}:s`;
    case "choose":
      return `in:${inputId}:${action.field}:${action.option}`;
  }
}

/** A form button's input id and action; undefined for any other button. */
export function parseFormButton(value: string): { inputId: string; action: FormAction } | undefined {
  const m = BUTTON.exec(value);
  if (!m) return undefined;
  const inputId = m[1]!;
  if (m[2]) return { inputId, action: { kind: m[2] === "d" ? "decline" : m[2] === "c" ? "cancel" : "send" } };
  const field = Number(m[3]);
  return { inputId, action: m[4] === "s" ? { kind: "skip", field } : { kind: "choose", field, option: Number(m[4]) } };
}

/** The form's fields, in the schema's order. */
export function formFields(schema: Json): FormField[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, p]) => {
    const items = (p.items ?? {}) as Json;
    const kind: FormField["kind"] =
      p.type === "boolean"
        ? "boolean"
        : p.type === "array"
          ? "multi"
          : p.type === "number" || p.type === "integer"
            ? p.type
            : Array.isArray(p.enum) || Array.isArray(p.oneOf)
              ? "choice"
              : "text";
    return {
      name,
      label: typeof p.title === "string" ? p.title : name,
      ...(typeof p.description === "string" ? { description: p.description } : {}),
      kind,
      options: kind === "multi" ? optionsOf(items) : kind === "choice" ? optionsOf(p) : [],
      required: required.has(name),
      ...(p.default !== undefined ? { default: p.default } : {}),
      ...(typeof p.minimum === "number" ? { minimum: p.minimum } : {}),
      ...(typeof p.maximum === "number" ? { maximum: p.maximum } : {}),
    };
  });
}

/** enum (with legacy enumNames), or oneOf / anyOf of {const, title}. */
function optionsOf(p: Json): FormField["options"] {
  const titled = (p.oneOf ?? p.anyOf) as Json[] | undefined;
  if (Array.isArray(titled)) return titled.map((o) => ({ value: String(o.const), label: typeof o.title === "string" ? o.title : String(o.const) }));
  const values = Array.isArray(p.enum) ? (p.enum as unknown[]).map(String) : [];
  const names = Array.isArray(p.enumNames) ? (p.enumNames as unknown[]).map(String) : [];
  return values.map((value, i) => ({ value, label: names[i] ?? value }));
}

/** Whether every required field has a value: Send may answer now. */
export const canSend = (fields: readonly FormField[], values: FormProgress["values"]) => fields.every((f) => !f.required || values[f.name] !== undefined);

/** The message that asks field `progress.field` of the form, with its buttons, in `say`'s language. */
export function fieldQuestion(inputId: string, fields: readonly FormField[], progress: FormProgress, say: ChatPhrases): OutgoingMessage {
  const i = progress.field;
  const f = fields[i]!;
  const lines = [`(${i + 1}/${fields.length}) ${f.label}${f.required ? say.formRequired : ""}${f.description ? `: ${f.description}` : ""}`];
  const rows: OutgoingMessage["buttons"] = [];
  if (f.kind === "boolean")
    rows.push([
      { label: say.formYes, value: formButtonValue(inputId, { kind: "choose", field: i, option: 1 }) },
      { label: say.formNo, value: formButtonValue(inputId, { kind: "choose", field: i, option: 0 }) },
    ]);
  else if (f.kind === "choice")
    for (let at = 0; at < f.options.length; at += 3)
      rows.push(f.options.slice(at, at + 3).map((o, k) => ({ label: o.label, value: formButtonValue(inputId, { kind: "choose", field: i, option: at + k }) })));
  else if (f.kind === "multi") lines.push(fill(say.formReplyOptions, { options: f.options.map((o) => o.label).join(", ") }));
  else if (f.kind === "text") lines.push(say.formReplyText);
  else lines.push(numberAsked(f, say));
  if (f.default !== undefined) lines.push(fill(say.formDefault, { value: Array.isArray(f.default) ? f.default.join(", ") : String(f.default) }));
  const last = [
    ...(f.required ? [] : [{ label: say.formSkip, value: formButtonValue(inputId, { kind: "skip", field: i }) }]),
    ...(canSend(fields, progress.values) ? [{ label: say.formSend, value: formButtonValue(inputId, { kind: "send" }) }] : []),
    { label: say.formDecline, value: formButtonValue(inputId, { kind: "decline" }) },
    { label: say.formCancel, value: formButtonValue(inputId, { kind: "cancel" }) },
  ];
  return { text: lines.join("\n"), buttons: [...rows, last] };
}

const numberAsked = (f: FormField, say: ChatPhrases) => fill(f.kind === "integer" ? say.formReplyInteger : say.formReplyNumber, { range: rangeText(f, say) });

/** What a field takes, as a reply that fits nothing is told (a number: with its range). */
const fieldTakes = (f: FormField, say: ChatPhrases) => {
  const options = { options: f.options.map((x) => x.label).join(", ") };
  if (f.kind === "choice" || f.kind === "multi") return fill(f.kind === "choice" ? say.formPleaseChoose : say.formPleaseOptions, options);
  return f.kind === "text" ? say.formPleaseText : f.kind === "boolean" ? say.formPleaseYesNo : numberAsked(f, say);
};

/**
 * The fields the server refused (its `errors`, English, one a line, each starting with the field's name), each
 * with what it takes in `say`'s language; every field when no error names one.
 */
export function refusedFields(fields: readonly FormField[], errors: readonly string[], say: ChatPhrases): string {
  const named = fields.filter((f) => errors.some((e) => e.startsWith(`${f.name}:`) || e.startsWith(`${f.name}.`)));
  return (named.length ? named : fields).map((f) => `${f.label}: ${fieldTakes(f, say)}`).join("\n");
}

const rangeText = (f: FormField, say: ChatPhrases) => {
  const bounds = { min: f.minimum ?? "", max: f.maximum ?? "" };
  if (f.minimum !== undefined && f.maximum !== undefined) return fill(say.formRangeBetween, bounds);
  if (f.minimum !== undefined) return fill(say.formRangeAtLeast, bounds);
  return f.maximum !== undefined ? fill(say.formRangeAtMost, bounds) : "";
};

/** A reply's value for a field, or why it does not fit (the field is asked again), in `say`'s language. */
export function replyValue(f: FormField, text: string, say: ChatPhrases): { value: FieldValue } | { error: string } {
  const t = text.trim();
  if (f.kind === "text") return t ? { value: t } : { error: fieldTakes(f, say) };
  if (f.kind === "number" || f.kind === "integer") {
    const n = Number(t.replace(",", "."));
    if (!t || !Number.isFinite(n) || (f.kind === "integer" && !Number.isInteger(n)))
      return { error: f.kind === "integer" ? say.formPleaseInteger : say.formPleaseNumber };
    return { value: n };
  }
  if (f.kind === "boolean") {
    // The buttons' own words in the person's language count as well as English's.
    if (/^(y|yes|true)$/i.test(t) || sameWord(t, say.formYes)) return { value: true };
    if (/^(n|no|false)$/i.test(t) || sameWord(t, say.formNo)) return { value: false };
    return { error: fieldTakes(f, say) };
  }
  const pick = (word: string) => f.options.find((o) => o.value.toLowerCase() === word.toLowerCase() || o.label.toLowerCase() === word.toLowerCase());
  if (f.kind === "choice") {
    const o = pick(t);
    return o ? { value: o.value } : { error: fieldTakes(f, say) };
  }
  const picked = t
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean)
    .map(pick);
  if (!picked.length || picked.some((o) => !o)) return { error: fieldTakes(f, say) };
  return { value: picked.map((o) => o!.value) };
}

const sameWord = (reply: string, word: string) => reply.toLocaleLowerCase() === word.toLocaleLowerCase();

/** The value a pressed option stands for. */
export function optionValue(f: FormField, option: number): FieldValue | undefined {
  if (f.kind === "boolean") return option === 1;
  return f.options[option]?.value;
}
