// Messages with buttons on Slack, as Block Kit: the text in a section, then the buttons in actions
// blocks (one per row). The approval buttons are Allow (primary) / Deny (danger) / Always allow, each
// `value` the "<choice>:<approval id>" of approval-buttons.ts; once decided, the message is rewritten
// with the decision instead of the buttons. Other buttons (the quiz's, an input's) carry their own values.
import { approvalChoices, buttonValue, type ApprovalChoice } from "../approval-buttons";
import type { ChatPhrases } from "../chat-phrases";
import type { ChatButton } from "../chat-platform";
import { escapeSlackText, type SlackBlock } from "./slack-api";

const STYLES: Partial<Record<ApprovalChoice, "primary" | "danger">> = { allow: "primary", deny: "danger" };

export function approvalBlocks(prompt: string, approvalId: string, say: ChatPhrases): SlackBlock[] {
  return [
    promptSection(prompt),
    {
      type: "actions",
      block_id: "approval",
      elements: approvalChoices(say).map(({ choice, label }) => ({
        type: "button",
        action_id: `approval_${choice}`,
        text: { type: "plain_text", text: label },
        value: buttonValue(choice, approvalId),
        ...(STYLES[choice] ? { style: STYLES[choice] } : {}),
      })),
    },
  ];
}

/** `mrkdwn` (already Slack's markup, slack-mrkdwn.ts) with rows of buttons under it. */
export function buttonBlocks(mrkdwn: string, rows: readonly ChatButton[][]): SlackBlock[] {
  return [
    { type: "section", text: { type: "mrkdwn", text: mrkdwn } },
    ...rows.map((row, r) => ({
      type: "actions",
      elements: row.map((b, i) => ({ type: "button", action_id: `button_${r}_${i}`, text: { type: "plain_text", text: b.label }, value: b.value })),
    })),
  ];
}

/** The prompt with `note` (Slack markup: it may mention the person) where the buttons were. */
export function decidedBlocks(prompt: string, note: string): SlackBlock[] {
  return [promptSection(prompt), { type: "context", elements: [{ type: "mrkdwn", text: note }] }];
}

const promptSection = (prompt: string): SlackBlock => ({ type: "section", text: { type: "mrkdwn", text: escapeSlackText(prompt) } });
