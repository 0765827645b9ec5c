// A scripted study run for the channel tests (MCP server, UI chat): search, read two fixture pages,
// load a skill, save a valid lesson citing them, answer. Its model replies can be slowed down so a
// test can disconnect in the middle.
import goodLesson from "../fixtures/lessons/good.md?raw";
import type { Reply } from "./scripted-model";

/** The fixture lesson, citing exactly the pages the run fetched. */
export const lessonCiting = (urls: string[]) =>
  goodLesson.replaceAll("[3]", "[2]").replace(/## Sources[\s\S]*$/, `## Sources\n${urls.map((u, i) => `${i + 1}. [Source ${i + 1}](${u})`).join("\n")}\n`);

export function studyReplies(web: string, filename: string, opts: { answer?: string; delayMs?: number } = {}): Omit<Reply, "dynamic">[] {
  const pages = [`${web}/articles/derivatives`, `${web}/articles/limits`];
  const slow = opts.delayMs ? { delayMs: opts.delayMs } : {};
  return [
    { toolCalls: [{ name: "web_search", args: { query: "derivatives introduction", num_results: 3 } }] },
    { toolCalls: pages.map((url) => ({ name: "fetch_webpage", args: { url } })), ...slow },
    { toolCalls: [{ name: "load_skill", args: { name: "knowledge-compiler", args: "derivatives" } }], ...slow },
    { toolCalls: [{ name: "save_document", args: { filename, content: lessonCiting(pages), topic: "calculus", title: "Derivatives" } }], ...slow },
    { text: opts.answer ?? "Your lesson on derivatives is saved.", ...slow },
  ];
}
