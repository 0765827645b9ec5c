// How the web page and the CLI show what the agent is doing: a tool call as one short line, the todo
// list as progress, and where save_document put the lesson. Plain ESM for both.

const MAX_DETAIL = 90;

/** The tool that keeps the todo list: the plan shows its calls, so they get no line of their own. */
const PLAN_TOOL = "todo_write";

/** "web_search · derivatives for beginners": the tool and its first text argument; null for the plan tool. */
export function toolLine(name, args) {
  if (name === PLAN_TOOL) return null;
  const values = args && typeof args === "object" ? Object.values(args) : [];
  const text = values.find((v) => typeof v === "string" && v.trim());
  if (text === undefined) return name;
  const oneLine = text.replace(/\s+/g, " ").trim();
  return `${name} · ${oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL - 1)}…` : oneLine}`;
}

/** Counts of a todo list, and the item being worked on. */
export function planProgress(todos) {
  const done = todos.filter((t) => t.status === "completed").length;
  return { done, total: todos.length, current: todos.find((t) => t.status === "in_progress") };
}

/** The lesson key in save_document's result ("… link: /v1/lessons/calculus-basics.md."), if any. */
export function savedLessonKey(output) {
  const match = /\/v1\/lessons\/([a-z0-9]+(?:-[a-z0-9]+)*\.(?:md|txt|csv|json))/.exec(String(output ?? ""));
  return match ? match[1] : null;
}
