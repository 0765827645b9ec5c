// A form generated from an MCP elicitation's requestedSchema (a flat object of primitive properties:
// string, with enum or oneOf choices and formats; number; integer; boolean; an array of enum or anyOf
// choices, picked several at once), with its titles, descriptions, defaults and required fields. The
// browser checks the constraints before Accept sends.
import { field, make, uniqueId } from "./dom.js";
import { t } from "./i18n.js";

const INPUT_TYPE = { email: "email", uri: "url", date: "date" };

/** The choices of an enum property: [{value, title}], or null when it is not one. */
function choicesOf(p) {
  if (Array.isArray(p.anyOf) && p.anyOf.every((o) => o && "const" in o))
    return p.anyOf.map((o) => ({ value: String(o.const), title: String(o.title ?? o.const) }));
  if (Array.isArray(p.enum)) return p.enum.map((value, i) => ({ value: String(value), title: String(p.enumNames?.[i] ?? value) }));
  if (Array.isArray(p.oneOf) && p.oneOf.every((o) => o && "const" in o))
    return p.oneOf.map((o) => ({ value: String(o.const), title: String(o.title ?? o.const) }));
  return null;
}

/** Several choices as checkboxes in a fieldset, at least minItems (1 when required) and at most maxItems. */
function multiSelect(name, p, choices, required, label) {
  const set = make("fieldset", { className: "multi" });
  set.append(make("legend", { text: label }));
  const chosen = new Set(Array.isArray(p.default) ? p.default.map(String) : []);
  const boxes = choices.map((c) => {
    const box = make("input", { attrs: { type: "checkbox", name, value: c.value, id: uniqueId("choice") } });
    box.checked = chosen.has(c.value);
    const row = make("div", { className: "field check" });
    row.append(box, make("label", { text: c.title, attrs: { for: box.id } }));
    set.append(row);
    return box;
  });
  const min = p.minItems ?? (required ? 1 : 0);
  const max = p.maxItems ?? choices.length;
  const check = () => {
    const n = boxes.filter((b) => b.checked).length;
    // Left empty, an optional list is not sent at all, so its minItems does not apply.
    const tooFew = n < min && (n > 0 || required);
    boxes[0]?.setCustomValidity(tooFew ? t("chooseAtLeast", { n: min }) : n > max ? t("chooseAtMost", { n: max }) : "");
  };
  for (const b of boxes) b.addEventListener("change", check);
  check();
  if (p.description) set.append(make("p", { className: "hint", text: p.description }));
  const read = () => boxes.filter((b) => b.checked).map((b) => b.value);
  return { element: set, read: () => (read().length ? read() : undefined) };
}

/** `date` in this browser's time zone as a datetime-local value, to the second. */
function localDateTime(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * A date-time in this browser's time. The schema's date-time is RFC 3339, which needs an offset that a
 * datetime-local field neither holds nor gives: its default is shown in local time, and the moment picked is
 * sent in UTC. Steps of a second, so a default with seconds is not refused as off-step.
 */
function dateTimeControl(name, p, required) {
  const input = make("input", { attrs: { type: "datetime-local", name, step: "1" } });
  const fallback = typeof p.default === "string" ? new Date(p.default) : undefined;
  if (fallback && !Number.isNaN(fallback.getTime())) input.value = localDateTime(fallback);
  input.required = required;
  return { element: input, read: () => (input.value === "" ? undefined : new Date(input.value).toISOString()) };
}

/** One control for one property, and how to read its value (undefined: left empty). */
function control(name, p, required) {
  const choices = p.type === "string" || p.type === undefined ? choicesOf(p) : null;
  if (choices) {
    const select = make("select", { attrs: { name } });
    if (!required || p.default === undefined) select.append(make("option", { text: t(required ? "choose" : "none"), attrs: { value: "" } }));
    select.append(...choices.map((c) => make("option", { text: c.title, attrs: { value: c.value } })));
    select.value = p.default === undefined ? "" : String(p.default);
    select.required = required;
    return { element: select, read: () => select.value || undefined };
  }
  if (p.type === "boolean") {
    const box = make("input", { attrs: { type: "checkbox", name } });
    box.checked = p.default === true;
    return { element: box, read: () => box.checked };
  }
  if (p.type === "number" || p.type === "integer") {
    const input = make("input", { attrs: { type: "number", name, step: p.type === "integer" ? "1" : "any", inputmode: "decimal" } });
    if (p.minimum !== undefined) input.min = String(p.minimum);
    if (p.maximum !== undefined) input.max = String(p.maximum);
    if (p.default !== undefined) input.value = String(p.default);
    input.required = required;
    return { element: input, read: () => (input.value === "" ? undefined : Number(input.value)) };
  }
  if (p.type === "string" && p.format === "date-time") return dateTimeControl(name, p, required);
  if (p.type === "string") {
    const input = make("input", { attrs: { type: INPUT_TYPE[p.format] ?? "text", name } });
    if (p.minLength !== undefined) input.minLength = p.minLength;
    if (p.default !== undefined) input.value = String(p.default);
    // Not the maxlength attribute: it cuts a longer paste without a word, and the cut text is sent. Accept
    // refuses it instead, saying how long it is (in characters, as JSON Schema counts them).
    if (p.maxLength !== undefined) {
      const check = () => {
        const length = [...input.value].length;
        input.setCustomValidity(length > p.maxLength ? t("atMostCharacters", { max: p.maxLength, length }) : "");
      };
      input.addEventListener("input", check);
      check();
    }
    input.required = required;
    return { element: input, read: () => (input.value === "" ? undefined : input.value) };
  }
  return null;
}

/**
 * @param {{properties?: Record<string, any>, required?: string[]}} schema
 * @returns {{fields: HTMLElement[], unsupported: string[], content(): Record<string, unknown>}}
 */
export function schemaFields(schema) {
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  const fields = [];
  const readers = [];
  const unsupported = [];
  for (const [name, p] of Object.entries(schema?.properties ?? {})) {
    const label = required.has(name) ? t("required", { label: p?.title ?? name }) : (p?.title ?? name);
    const choices = p?.type === "array" ? choicesOf(p.items ?? {}) : null;
    if (choices) {
      const made = multiSelect(name, p, choices, required.has(name), label);
      fields.push(made.element);
      readers.push([name, made.read]);
      continue;
    }
    const made = control(name, p ?? {}, required.has(name));
    if (!made) {
      unsupported.push(name);
      continue;
    }
    const wrapper = field(label, made.element, p.description);
    if (p.type === "boolean") wrapper.classList.add("check");
    fields.push(wrapper);
    readers.push([name, made.read]);
  }
  return {
    fields,
    unsupported,
    content() {
      const content = {};
      for (const [name, read] of readers) {
        const value = read();
        if (value !== undefined) content[name] = value;
      }
      return content;
    },
  };
}
