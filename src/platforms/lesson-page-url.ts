// Where a lesson opens on the web page (PUBLIC_URL/?lesson=<key>#share=<token>), for the chats' link to its
// rendered formulas; no link when the Worker's public origin is not configured. The learner it is sent to
// has no API key: the share token opens that lesson (src/lessons/lesson-share.ts), and, in the fragment,
// it never reaches a request log or a Referer.
import type { Env } from "../env";
import { trimEndChars } from "../lib/trim-chars";
import { mcpSettings } from "../mcp/settings";
import type { LessonFile } from "./chat-platform";
import { chatPhrases } from "./chat-phrases";

export function lessonPageUrl(env: object, key: string, share: string | undefined): string | undefined {
  // PUBLIC_URL is declared with the MCP client's settings (its OAuth redirects use it too).
  const { PUBLIC_URL } = mcpSettings(env);
  if (!PUBLIC_URL) return undefined;
  return `${trimEndChars(PUBLIC_URL, "/")}/?lesson=${encodeURIComponent(key)}${share ? `#share=${encodeURIComponent(share)}` : ""}`;
}

/** The link under a lesson sent to a chat, labelled in the lesson's language: to its rendered formulas when the chat cannot show them. */
export async function lessonPageLink(env: Env, lesson: LessonFile, complexMath: boolean): Promise<{ label: string; url: string } | undefined> {
  const url = lessonPageUrl(env, lesson.key, lesson.share);
  if (!url) return undefined;
  const say = await chatPhrases(env.ASSETS, lesson.language);
  return { label: complexMath ? say.seeFormulas : say.openLesson, url };
}
