// The approval buttons both bots show when a run pauses for a person (`approval.required`): what the
// message says, what a button carries, and the answers a click gets. Platform
// renderings live next to each bot (telegram/telegram-approval.ts, slack/slack-blocks.ts).
//
// A button carries "<choice>:<approval id>". The approval id alone is enough: the chat's ChatObject
// recorded which session and run each approval it showed belongs to (chat-store.ts), so a click
// routed to another chat finds nothing there. Approval ids are "appr_" + 20 hex digits, so the value
// is at most 32 bytes, well inside Telegram's 64-byte callback_data.
import * as z from "zod";

export type ApprovalChoice = "allow" | "deny" | "always";

/** Telegram's limit for callback_data, in bytes (Slack allows 2000 characters in a button's value). */
export const BUTTON_VALUE_MAX_BYTES = 64;

/** The labels, in the order the buttons appear. */
export const APPROVAL_BUTTONS: ReadonlyArray<{ choice: ApprovalChoice; label: string }> = [
  { choice: "allow", label: "Allow" },
  { choice: "deny", label: "Deny" },
  { choice: "always", label: "Always allow" },
];

export const buttonValue = (choice: ApprovalChoice, approvalId: string) => `${choice}:${approvalId}`;

const ButtonValue = z
  .string()
  .regex(/^(allow|deny|always):([A-Za-z0-9._:-]{1,56})$/)
  .transform((v) => ({ choice: v.slice(0, v.indexOf(":")), approvalId: v.slice(v.indexOf(":") + 1) }))
  .pipe(z.object({ choice: z.enum(["allow", "deny", "always"]) satisfies z.ZodType<ApprovalChoice>, approvalId: z.string() }));

/** A button's value back as choice and approval id; undefined for anything the bot did not make. */
export function parseButtonValue(value: string | undefined): { choice: ApprovalChoice; approvalId: string } | undefined {
  const parsed = ButtonValue.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const ARGS_SHOWN = 300;

/** The message above the buttons: the tool, its arguments (shortened) and when the question lapses. */
export function approvalPrompt(a: { name: string; args?: unknown; expiresAt: string }): string {
  const args = JSON.stringify(a.args ?? {});
  const shown = args.length > ARGS_SHOWN ? `${args.slice(0, ARGS_SHOWN)}…` : args;
  const until = a.expiresAt.slice(0, 16).replace("T", " ");
  return `I need your approval to run ${a.name} ${shown}\nWithout an answer by ${until} UTC it is refused.`;
}

/** The line added under the prompt once a person decided. */
export function decisionNote(choice: ApprovalChoice, who: string, tool: string): string {
  if (choice === "deny") return `❌ Denied by ${who}.`;
  if (choice === "always") return `✅ Allowed by ${who}, and ${tool} is allowed for the rest of this conversation.`;
  return `✅ Allowed by ${who}.`;
}

/** The short confirmation the person who clicked sees. */
export const CLICK_CONFIRMATIONS: Record<ApprovalChoice, string> = {
  allow: "Allowed: I am carrying on.",
  deny: "Denied: I will carry on without it.",
  always: "Allowed, now and for the rest of this conversation.",
};

export type ClickRefusal = "foreign" | "expired" | "already_decided" | "not_found" | "failed" | "unknown";

/** Why a click did nothing, politely (Telegram shows at most 200 characters). */
export const CLICK_REFUSALS: Record<ClickRefusal, string> = {
  foreign: "This button does not belong to a request of this chat.",
  expired: "This request expired, so it was refused.",
  already_decided: "This request is already settled (decided before, stopped, or replaced by a newer message).",
  not_found: "I can no longer find this request.",
  failed: "Sorry, I could not record that. Please try again.",
  unknown: "This button does nothing any more (it may be from an older message). Please ask me again.",
};
