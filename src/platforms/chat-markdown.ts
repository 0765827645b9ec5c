// The model writes Markdown; chats show their own markup (telegram-html.ts, slack-mrkdwn.ts). Math becomes
// Unicode where it is simple (tex-unicode.ts), else its source as code, and the result says so: the caller
// then links the page, where KaTeX renders it.
import { renderInDialect, type MarkdownDialect } from "../lessons/markdown-dialect";
import { texToUnicode } from "./tex-unicode";

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
