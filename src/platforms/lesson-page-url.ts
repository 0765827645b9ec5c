// Where a lesson opens on the web page (PUBLIC_URL/?lesson=<key>#share=<token>), for the chats' link to its
// rendered formulas; no link when the Worker's public origin is not configured (formulas the chat could not
// show are then said to be shown as their source, never left unexplained). The learner it is sent to
// has no API key: the share token opens that lesson (src/lessons/lesson-share.ts), and, in the fragment,
// it never reaches a request log or a Referer.
import type { Env } from "../env";
import { errorMessage } from "../lib/error-message";
import { trimEndChars } from "../lib/trim-chars";
import { mcpSettings } from "../mcp/settings";
import { shareTokenFor } from "../lessons/lesson-share";
import type { LessonFile, OutgoingMessage } from "./chat-platform";
import { chatPhrases } from "./chat-phrases";

export function lessonPageUrl(env: object, key: string, share: string | undefined): string | undefined {
  // PUBLIC_URL is declared with the MCP client's settings (its OAuth redirects use it too).
  const { PUBLIC_URL } = mcpSettings(env);
  if (!PUBLIC_URL) return undefined;
  return `${trimEndChars(PUBLIC_URL, "/")}/?lesson=${encodeURIComponent(key)}${share ? `#share=${encodeURIComponent(share)}` : ""}`;
}

/** A line under a chat message: a link to a lesson's page, or, with no page to link, what the learner should know. */
export interface PageNote {
  label: string;
  url?: string;
}

/**
 * The note under a lesson sent to a chat, labelled in the lesson's language: a link to its rendered formulas when
 * the chat cannot show them, else to the lesson; with no page to link, only formulas shown as their source are told.
 */
export const lessonPageLink = (env: Env, lesson: Pick<LessonFile, "key" | "share" | "language">, complexMath: boolean) =>
  pageNote(env, lessonPageUrl(env, lesson.key, lesson.share), lesson.language, complexMath);

/** Under a message with formulas the chat cannot show: the page of the lesson it is about (share token and all), or the plain note. */
export async function formulaNote(env: Env, about: OutgoingMessage["about"] = {}): Promise<PageNote> {
  const { lesson, language } = about;
  let url: string | undefined;
  // Asked only when there is a page: a lesson saved before share links gets its token here, as from the page's Share.
  // Storage failing costs the link, not the message: the plain note then (logged without the token).
  if (lesson && lessonPageUrl(env, lesson.key, undefined)) {
    const share = await shareTokenFor(env.LESSONS, lesson.key, lesson.owner).catch((e: unknown) => {
      console.error(`no share link for lessons/${lesson.key}, the plain note instead: ${errorMessage(e)}`);
      return null;
    });
    if (share) url = lessonPageUrl(env, lesson.key, share);
  }
  return (await pageNote(env, url, language, true))!;
}

async function pageNote(env: Env, url: string | undefined, language: string | undefined, complexMath: boolean): Promise<PageNote | undefined> {
  if (!url && !complexMath) return undefined;
  const say = await chatPhrases(env.ASSETS, language);
  if (!url) return { label: say.formulasAsSource };
  return { label: complexMath ? say.seeFormulas : say.openLesson, url };
}
