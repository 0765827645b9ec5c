// The agent's tool activity as short lines ("› 🔎 derivatives"), for channels that show plain text (the
// OpenAI-compatible endpoint's content). They start with a mark of their own so they can be told apart from
// the agent's words, and taken out again when a client sends them back. A symbol says what the tool does,
// not an English word: the wire carries no language of the person (a front end sends none), and the lines sit
// in an answer written in theirs, so "› searching the web: derivadas" would put English into a Spanish answer.
export const PROGRESS_MARK = "›";

const MAX_DETAIL = 80;

type Describe = (args: Record<string, unknown>) => string | null;

/** Known tools by what they do; `null` means the tool's effect shows up elsewhere (the plan line). */
const TOOL_LINES: Record<string, Describe> = {
  web_search: (a) => `🔎 ${detail(a.query)}`,
  fetch_webpage: (a) => `📖 ${detail(a.url)}`,
  calculate: (a) => `🧮 ${detail(a.expression)}`,
  save_document: (a) => `💾 ${a.title ? detail(a.title) : "save_document"}`,
  load_skill: (a) => `🧩 ${detail(a.name)}`,
  todo_write: () => null,
};

/** One line for a tool call, or null when it needs none; a tool without a symbol of its own is named. */
export function describeToolCall(name: string, args: unknown): string | null {
  const record: Record<string, unknown> = args && typeof args === "object" ? { ...args } : {};
  const known = TOOL_LINES[name];
  if (known) return known(record);
  const firstText = Object.values(record).find((v) => typeof v === "string");
  return firstText === undefined ? `🔧 ${name}` : `🔧 ${name}: ${detail(firstText)}`;
}

/** The plan: how many of its steps are done, and the one under way. */
export function describePlan(todos: ReadonlyArray<{ text: string; status: string }>): string {
  const done = todos.filter((t) => t.status === "completed").length;
  const current = todos.find((t) => t.status === "in_progress");
  return `📋 ${done}/${todos.length}${current ? ` → ${detail(current.text)}` : ""}`;
}

/** A tool that failed, with the tool's own words. */
export function describeToolFailure(name: string, output: string): string {
  return `⚠️ ${name}: ${detail(output)}`;
}

/** A run paused for a person's approval of a tool call: the tool, and the approval's id to decide it by. */
export function describeApproval(name: string, approvalId: string): string {
  return `⏸️ 🔐 ${name} (${approvalId})`;
}

/** An MCP server's question as a person reads it: the server and its whole question, in its own words. */
export const questionFrame = (server: string, message: string) => `❓ ${server}: ${message}`;

/**
 * A run paused for an MCP server's question: the server, its whole question in its own words (on one line,
 * so the line can be taken out again; never cut, as the person has to answer it), its form's fields, and the
 * input's id.
 */
export function describeQuestion(server: string, message: string, inputId: string, schema?: unknown): string {
  const fields = describeFields(schema);
  return `⏸️ ${questionFrame(server, oneLine(message))}${fields ? ` 📝 ${fields}` : ""} (${inputId})`;
}

/**
 * A question's form fields as an answer names them: each field's key (`*` when required) and the server's
 * title for it when it has another. A question often says only "fill in these fields": they are the question too.
 */
export function describeFields(schema: unknown): string {
  const form = (schema ?? {}) as { properties?: Record<string, { title?: unknown } | null>; required?: unknown };
  const required = Array.isArray(form.required) ? form.required : [];
  return Object.entries(form.properties ?? {})
    .map(([key, p]) => `${oneLine(key)}${required.includes(key) ? "*" : ""}${typeof p?.title === "string" && p.title !== key ? ` (${oneLine(p.title)})` : ""}`)
    .join(", ");
}

/** Removes the progress lines this module wrote from a text a client sends back. */
export function stripProgressLines(text: string): string {
  return text.replace(new RegExp(`^${PROGRESS_MARK} [^\\n]*(\\n\\n?|$)`, "gm"), "").trim();
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function detail(value: unknown): string {
  const text = oneLine(String(value ?? ""));
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}
