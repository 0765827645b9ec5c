// Auto-compaction as an overlay: older rounds are summarized by the model into one summary that stands
// for them in what the model sees, while every original message stays stored. A compaction record says
// which stored message the summary runs through; applying it to the full history gives the view.
// What must survive intact does not go through the summary: the system prompt is never part of the
// history, and the loaded skills' text and the current todo list are shown verbatim beside it. The images
// of the replaced turns stay on the summary (by reference), to be shown with it.
import type { Todo, Usage } from "../events";
import { userMessage, type ImageRef, type Message, type SummaryMessage } from "../messages";
import type { ModelClient } from "../model";
import { renderTodos } from "../todo";
import type { LoadedSkill } from "./loaded-skills";
import { estimateTextTokens } from "./tokens";

export interface Compaction {
  id: string;
  /** The last stored message the summary stands for; the messages after it are shown whole. */
  throughMessageId: string;
  summary: string;
  /** Skills loaded up to then, shown verbatim after the summary. */
  skills: LoadedSkill[];
  /**
   * The images of the turns it stands for (the most recent, at most as many as a model call shows), kept
   * on the summary so the model can still be shown them; absent in records written before there were any.
   */
  images?: ImageRef[];
  createdAt: string;
}

/** Where compaction records live: the session's Durable Object, or memory for a subagent. */
export interface CompactionStore {
  latest(): Compaction | undefined | Promise<Compaction | undefined>;
  save(c: Compaction): void | Promise<void>;
}

export class MemoryCompactionStore implements CompactionStore {
  private last: Compaction | undefined;
  latest(): Compaction | undefined {
    return this.last;
  }
  save(c: Compaction): void {
    this.last = c;
  }
}

/** A history in rounds: a user turn, a summary, or one model reply with the results of its calls. Rounds are never split. */
export function splitRounds(messages: readonly Message[]): Message[][] {
  const rounds: Message[][] = [];
  for (const m of messages) {
    if (m.role === "tool" && rounds.length) rounds.at(-1)!.push(m);
    else rounds.push([m]);
  }
  return rounds;
}

/** The summary message as the model sees it: the summary, then what survives compaction verbatim. */
export function summaryMessage(c: Compaction, todos: readonly Todo[]): SummaryMessage {
  const parts = [c.summary.trim()];
  if (c.skills.length) {
    parts.push("## Skills loaded earlier (their instructions, verbatim)", ...c.skills.map((s) => `### ${s.name}\n${s.content.trim()}`));
  }
  if (todos.length) parts.push("## The todo list now", renderTodos(todos));
  return { role: "summary", id: c.id, createdAt: c.createdAt, content: parts.join("\n\n"), ...(c.images?.length ? { images: c.images } : {}) };
}

/** The full history with the compaction applied; unchanged when there is none or it does not fit this history. */
export function applyCompaction(messages: readonly Message[], c: Compaction | undefined, todos: readonly Todo[]): Message[] {
  const through = c ? messages.findIndex((m) => m.id === c.throughMessageId) : -1;
  if (!c || through < 0) return [...messages];
  return [summaryMessage(c, todos), ...messages.slice(through + 1)];
}

/** Characters of one tool result or argument list in the transcript: the gist, not the data. */
const TRANSCRIPT_ITEM_CHARS = 2000;

const clip = (s: string, max = TRANSCRIPT_ITEM_CHARS) => (s.length > max ? `${s.slice(0, max)} […${s.length - max} more characters]` : s);

/** A turn's text with a line naming each of its images: the summarizer sees no image, only that one was there and which. */
const withImageLines = (content: string, images: readonly ImageRef[] | undefined): string =>
  images?.length ? [content, ...images.map((i) => `[image ${i.key}, ${i.mediaType}]`)].filter(Boolean).join("\n") : content;

/** The rounds to summarize as plain text, so the summarizer needs no tools and no tool-call pairing. */
export function renderTranscript(messages: readonly Message[], previousSummary: string | undefined, maxTokens: number): string {
  const lines: string[] = [];
  for (const m of messages) {
    // A named participant stays named in the summary's source, as the model saw them (several users in one chat).
    if (m.role === "user") lines.push(`[user${m.name ? ` ${m.name}` : ""}]\n${withImageLines(m.content, m.images)}`);
    else if (m.role === "summary") lines.push(`[summary of what came before]\n${withImageLines(m.content, m.images)}`);
    else if (m.role === "tool") lines.push(`[result of ${m.name}, ${m.status}]\n${clip(m.content)}`);
    else {
      if (m.content) lines.push(`[assistant${m.name ? ` ${m.name}` : ""}]\n${m.content}`);
      for (const c of m.toolCalls ?? []) lines.push(`[assistant calls ${c.name}] ${clip(c.args)}`);
    }
  }
  const head = previousSummary ? `[summary of what came before]\n${previousSummary}\n\n` : "";
  let text = lines.join("\n\n");
  // Too long for the summarizer's own context: the oldest rounds go, the previous summary stays.
  const maxChars = Math.max(0, maxTokens * 4 - head.length);
  if (text.length > maxChars) text = `[…the oldest part is left out]\n${text.slice(text.length - maxChars)}`;
  return head + text;
}

export function summarizerPrompt(maxTokens: number): string {
  return [
    "You compact a conversation between a user and an AI study assistant, so the assistant can go on without it.",
    `Write a summary of at most about ${Math.floor(maxTokens * 0.75)} words that keeps:`,
    "- the user's requests and goals, with the latest request quoted word for word;",
    "- what the assistant did and found: facts and numbers, the URLs of sources, documents saved and their links;",
    "- decisions made, open questions, and what remains to do;",
    "- each image the user attached, by its name as the transcript writes it ([image img-….png]), with what the conversation says it shows.",
    "Leave out the todo list and the text of loaded skills: they are kept separately. Write plain text with no preamble.",
  ].join("\n");
}

/** Asks the model for the summary; it is cut at `maxTokens` so a talkative model cannot undo the compaction. */
export async function summarize(model: ModelClient, transcript: string, maxTokens: number, signal: AbortSignal): Promise<{ summary: string; usage?: Usage }> {
  const response = await model.complete({
    system: summarizerPrompt(maxTokens),
    messages: [userMessage(`Summarize this conversation:\n\n${transcript}`)],
    tools: [],
    stream: false,
    signal,
  });
  let summary = response.content.trim() || "(The summarizer returned nothing.)";
  if (estimateTextTokens(summary) > maxTokens) summary = `${summary.slice(0, maxTokens * 4)} […summary cut]`;
  return { summary, usage: response.usage };
}
