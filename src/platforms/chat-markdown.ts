// The model writes Markdown; chats show their own markup (telegram-html.ts, slack-mrkdwn.ts). Math becomes
// Unicode where it is simple (tex-unicode.ts), else its source as code, and the result says so: the caller
// then links the page, where KaTeX renders it.
import { renderInDialect, type MarkdownDialect } from "../lessons/markdown-dialect";
import { texToUnicode } from "./tex-unicode";
import type { PageNote } from "./lesson-page-url";

export { packBlocks } from "../lessons/markdown-dialect";

/** A chat's markup; its math is always Unicode or code (renderForChat's). */
export type ChatDialect = Omit<MarkdownDialect, "math">;

export interface ChatText {
  /** Top-level blocks in the dialect, in order (join with a blank line). */
  blocks: string[];
  /** Some math could not be written as Unicode: its source is shown, and the page renders it. */
  complexMath: boolean;
}

/** Markdown → the chat's markup, one string per top-level block. */
export function renderForChat(markdown: string, dialect: ChatDialect): ChatText {
  let complexMath = false;
  const math = (tex: string) => {
    const unicode = texToUnicode(tex);
    if (unicode !== null) return dialect.escape(unicode);
    complexMath = true;
    return dialect.code(tex);
  };
  const blocks = renderInDialect(markdown, { ...dialect, math });
  return { blocks, complexMath };
}

/** A note under a message (lesson-page-url.ts), as its last block: the link, or its words in italics; none: no block. */
export const noteBlocks = (dialect: ChatDialect, note: PageNote | undefined): string[] =>
  !note ? [] : [note.url ? dialect.link(dialect.escape(note.label), note.url) : dialect.em(dialect.escape(note.label))];
