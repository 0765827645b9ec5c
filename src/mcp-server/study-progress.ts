// What a study run is doing, as the short steps an MCP client shows while `study` runs (sent as
// notifications/progress): searches, pages read, skills loaded, chapters written, saved. The lines are the
// OpenAI-compatible endpoint's symbols (progress-lines.ts), not English words: the host shows them to a
// person whose language the call need not name. It also collects the lessons the run saved, for the result.
import type { SourcedEvent } from "../agent";
import { outline } from "../lessons/outline";
import { chapterNumber } from "../lessons/vocabulary";
import { describeToolCall } from "../openai-compatible/progress-lines";

export interface SavedLesson {
  key: string;
  link: string;
  title?: string;
  status?: "final" | "draft";
}

/** Level-2 headings that are a chapter heading in any lesson language, read as the validator reads them (none in code). */
const chapterCount = (markdown: unknown) =>
  typeof markdown === "string" ? outline(markdown).headings.filter((h) => h.level === 2 && chapterNumber(h.text) !== undefined).length : 0;

/** A saved lesson: 💾 and its title, 📝 after a draft's. */
export const savedLine = (l: SavedLesson) => `${describeToolCall("save_document", { title: l.title || l.key })}${l.status === "draft" ? " 📝" : ""}`;

export class StudyProgress {
  readonly saved = new Map<string, SavedLesson>();
  private readonly pages = new Map<string, unknown>();

  /** The step this event completes or starts, as one line; null for events that are not a step. */
  step(e: SourcedEvent): string | null {
    if (e.type === "tool.started") {
      if (e.name === "fetch_webpage") this.pages.set(e.callId, e.args);
      if (e.name === "web_search" || e.name === "load_skill") return describeToolCall(e.name, e.args);
      // ✍️ and, once the text has chapter headings, 📑 and how many.
      if (e.name === "save_document") {
        const chapters = chapterCount(e.args && typeof e.args === "object" ? Reflect.get(e.args, "content") : undefined);
        return chapters ? `✍️ 📑 ${chapters}` : "✍️";
      }
      return null;
    }
    if (e.type === "tool.finished" && e.status !== "error" && e.name === "fetch_webpage") return describeToolCall(e.name, this.pages.get(e.callId));
    if (e.type === "document.saved") return this.save({ key: e.key, link: e.link, title: e.title, status: e.status });
    return null;
  }

  private save(lesson: SavedLesson): string | null {
    const known = this.saved.get(lesson.key);
    this.saved.set(lesson.key, { ...known, ...Object.fromEntries(Object.entries(lesson).filter(([, v]) => v)), key: lesson.key, link: lesson.link });
    return known ? null : savedLine(lesson);
  }
}
