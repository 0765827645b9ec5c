// The agent's tool activity as short human lines ("› searching the web: derivatives"), for channels
// that show plain text (the OpenAI-compatible endpoint's content). They start with a mark of their own
// so they can be told apart from the agent's words, and taken out again when a client sends them back.
export const PROGRESS_MARK = "›";

const MAX_DETAIL = 80;

type Describe = (args: Record<string, unknown>) => string | null;

/** Known tools in words; `null` means the tool's effect shows up elsewhere (the plan line). */
const TOOL_WORDS: Record<string, Describe> = {
  web_search: (a) => `searching the web: ${detail(a.query)}`,
  fetch_webpage: (a) => `reading ${detail(a.url)}`,
  calculate: (a) => `calculating ${detail(a.expression)}`,
  save_document: (a) => `saving the lesson${a.title ? `: ${detail(a.title)}` : ""}`,
  load_skill: (a) => `loading the ${detail(a.name)} skill`,
  todo_write: () => null,
};

/** One line for a tool call, or null when it needs none. */
export function describeToolCall(name: string, args: unknown): string | null {
  const record: Record<string, unknown> = args && typeof args === "object" ? { ...args } : {};
  const known = TOOL_WORDS[name];
  if (known) return known(record);
  const firstText = Object.values(record).find((v) => typeof v === "string");
  return firstText === undefined ? `using ${name}` : `using ${name}: ${detail(firstText)}`;
}

export function describePlan(todos: ReadonlyArray<{ text: string; status: string }>): string {
  const done = todos.filter((t) => t.status === "completed").length;
  const current = todos.find((t) => t.status === "in_progress");
  return `plan: ${done} of ${todos.length} done${current ? ` · now: ${detail(current.text)}` : ""}`;
}

export function describeToolFailure(name: string, output: string): string {
  return `${name} failed: ${detail(output)}`;
}

/** Removes the progress lines this module wrote from a text a client sends back. */
export function stripProgressLines(text: string): string {
  return text.replace(new RegExp(`^${PROGRESS_MARK} [^\\n]*(\\n\\n?|$)`, "gm"), "").trim();
}

function detail(value: unknown): string {
  const text = String(value ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}
