// What a study run is doing, as the short steps an MCP client shows while `study` runs (sent as
// notifications/progress): searches, pages read, skills loaded, chapters written, saved. It also
// collects the lessons the run saved, for the tool's result.
import type { SourcedEvent } from "../agent";
import { outline } from "../lessons/outline";
import { chapterNumber } from "../lessons/vocabulary";

export interface SavedLesson {
  key: string;
  link: string;
  title?: string;
  status?: "final" | "draft";
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Level-2 headings that are a chapter heading in any lesson language, read as the validator reads them (none in code). */
const chapterCount = (markdown: string) => outline(markdown).headings.filter((h) => h.level === 2 && chapterNumber(h.text) !== undefined).length;

export class StudyProgress {
  readonly saved = new Map<string, SavedLesson>();
  private readonly urls = new Map<string, string>();

  /** The step this event completes or starts, as one line; null for events that are not a step. */
  step(e: SourcedEvent): string | null {
    if (e.type === "tool.started") {
      const arg = (name: string) => (e.args && typeof e.args === "object" ? text(Reflect.get(e.args, name)) : "");
      if (e.name === "web_search") return `Searching: ${arg("query")}`;
      if (e.name === "fetch_webpage") this.urls.set(e.callId, arg("url"));
      if (e.name === "load_skill") return `Loading skill: ${arg("name")}`;
      if (e.name === "save_document") {
        const chapters = chapterCount(arg("content"));
        return chapters ? `Wrote ${chapters} chapter${chapters === 1 ? "" : "s"}` : "Writing the document";
      }
      return null;
    }
    if (e.type === "tool.finished" && e.status !== "error" && e.name === "fetch_webpage") return `Read page: ${this.urls.get(e.callId) ?? "a page"}`;
    if (e.type === "document.saved") return this.save({ key: e.key, link: e.link, title: e.title, status: e.status });
    return null;
  }

  private save(lesson: SavedLesson): string | null {
    const known = this.saved.get(lesson.key);
    this.saved.set(lesson.key, { ...known, ...Object.fromEntries(Object.entries(lesson).filter(([, v]) => v)), key: lesson.key, link: lesson.link });
    return known ? null : `Saved: ${lesson.title || lesson.key}${lesson.status === "draft" ? " (draft)" : ""}`;
  }
}
