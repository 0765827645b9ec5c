// Markdown as Slack's mrkdwn (https://api.slack.com/reference/surfaces/formatting): *bold*, _italic_,
// ~strike~, `code`, ``` blocks, <url|links>, > quotes; headings bold; &, < and > escaped, as Slack asks.
import { renderForChat, type ChatDialect, type ChatText } from "../chat-markdown";
import { escapeSlackText } from "./slack-api";

export const SLACK_MRKDWN: ChatDialect = {
  escape: escapeSlackText,
  strong: (inner) => `*${inner}*`,
  em: (inner) => `_${inner}_`,
  del: (inner) => `~${inner}~`,
  code: (text) => `\`${escapeSlackText(text)}\``,
  link: (inner, href) => `<${escapeSlackText(href).replaceAll("|", "%7C")}|${inner.replaceAll("|", "∣")}>`,
  heading: (inner) => `*${inner}*`,
  codeBlock: (code) => `\`\`\`\n${escapeSlackText(code)}\n\`\`\``,
  quote: (inner) =>
    inner
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n"),
};

export const slackMrkdwn = (markdown: string): ChatText => renderForChat(markdown, SLACK_MRKDWN);
