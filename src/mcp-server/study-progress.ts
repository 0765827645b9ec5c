// What a study run is doing, as the short steps an MCP client shows while `study` runs (sent as
// notifications/progress): searches, pages read, skills loaded, chapters written, saved. It also
// collects the lessons the run saved, for the tool's result.
import type { StreamEvent } from "../session/stream-events";
import { isLessonKey, lessonPath } from "../tools/lesson-store";

export interface SavedLesson {
  key: string;
  link: string;
  title?: string;
  status?: "final" | "draft";
}

const LESSON_LINK = /\/v1\/lessons\/([a-z0-9]+(?:-[a-z0-9]+)*\.(?:md|txt|csv|json))/;
const CHAPTER = /^##\s+(?:Chapter\s+\d+|第\s*[0-9一二三四五六七八九十]+\s*章)/gim;

const text = (value: unknown) => (typeof value === "string" ? value : "");

export class StudyProgress {
  readonly saved = new Map<string, SavedLesson>();
  private readonly urls = new Map<string, string>();

  /** The step this event completes or starts, as one line; null for events that are not a step. */
  step(e: StreamEvent): string | null {
    const d = e.data;
    const args = (d.args ?? {}) as Record<string, unknown>;
    if (e.type === "tool.started") {
      if (d.name === "web_search") return `Searching: ${text(args.query)}`;
      if (d.name === "fetch_webpage") this.urls.set(text(d.callId), text(args.url));
      if (d.name === "load_skill") return `Loading skill: ${text(args.name)}`;
      if (d.name === "save_document") {
        const chapters = text(args.content).match(CHAPTER)?.length ?? 0;
        return chapters ? `Wrote ${chapters} chapter${chapters === 1 ? "" : "s"}` : "Writing the document";
      }
      return null;
    }
    if (e.type === "tool.finished" && d.status !== "error") {
      if (d.name === "fetch_webpage") return `Read page: ${this.urls.get(text(d.callId)) ?? "a page"}`;
      if (d.name === "save_document") {
        // The tool's own link, for runs that do not emit document.saved.
        const key = LESSON_LINK.exec(text(d.output))?.[1];
        if (key && isLessonKey(key)) return this.save({ key, link: lessonPath(key) });
      }
      return null;
    }
    if (e.type === "document.saved") {
      return this.save({ key: text(d.key), link: text(d.link) || lessonPath(text(d.key)), title: text(d.title), status: d.status as SavedLesson["status"] });
    }
    return null;
  }

  private save(lesson: SavedLesson): string | null {
    const known = this.saved.get(lesson.key);
    this.saved.set(lesson.key, { ...known, ...Object.fromEntries(Object.entries(lesson).filter(([, v]) => v)), key: lesson.key, link: lesson.link });
    return known ? null : `Saved: ${lesson.title || lesson.key}${lesson.status === "draft" ? " (draft)" : ""}`;
  }
}
