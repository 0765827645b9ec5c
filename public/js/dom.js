// The page's one way to build elements: text always goes in as text, never as HTML.

/** An element with a class, text and attributes. */
export function make(tag, { className, text, attrs } = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs ?? {})) node.setAttribute(k, v);
  return node;
}

let counter = 0;

/** A unique element id, for labels and descriptions. */
export const uniqueId = (prefix) => `${prefix}-${++counter}`;

/** A label, the control it names, and an optional hint the control is described by, in one wrapper. */
export function field(labelText, control, hintText) {
  const wrapper = make("div", { className: "field" });
  control.id ||= uniqueId("field");
  wrapper.append(make("label", { text: labelText, attrs: { for: control.id } }), control);
  if (hintText) {
    const hint = make("p", { className: "hint", text: hintText, attrs: { id: `${control.id}-hint` } });
    control.setAttribute("aria-describedby", hint.id);
    wrapper.append(hint);
  }
  return wrapper;
}
