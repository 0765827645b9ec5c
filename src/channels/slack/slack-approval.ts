// The approval buttons on Slack, as Block Kit: the prompt in a section, then an actions block with
// Allow / Deny / Always allow buttons whose `value` is the "<choice>:<approval id>" of
// approval-buttons.ts. Once decided, the message is rewritten with the decision instead of the buttons.
import { APPROVAL_BUTTONS, buttonValue } from "../approval-buttons";
import { escapeSlackText, type SlackBlock } from "./slack-api";

const STYLES = { allow: "primary", deny: "danger" } as const;

export function approvalBlocks(prompt: string, approvalId: string): SlackBlock[] {
  return [
    promptSection(prompt),
    {
      type: "actions",
      block_id: "approval",
      elements: APPROVAL_BUTTONS.map(({ choice, label }) => ({
        type: "button",
        action_id: `approval_${choice}`,
        text: { type: "plain_text", text: label },
        value: buttonValue(choice, approvalId),
        ...(choice in STYLES ? { style: STYLES[choice as keyof typeof STYLES] } : {}),
      })),
    },
  ];
}

/** The prompt with `note` (Slack markup: it may mention the person) where the buttons were. */
export function decidedBlocks(prompt: string, note: string): SlackBlock[] {
  return [promptSection(prompt), { type: "context", elements: [{ type: "mrkdwn", text: note }] }];
}

const promptSection = (prompt: string): SlackBlock => ({ type: "section", text: { type: "mrkdwn", text: escapeSlackText(prompt) } });
