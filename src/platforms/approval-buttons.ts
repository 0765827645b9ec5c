// The approval buttons both bots show when a run pauses for a person (`approval.required`): what the
// message says, what a button carries, and the answers a click gets. Platform
// renderings live next to each bot (telegram/telegram-approval.ts, slack/slack-blocks.ts).
//
// A button carries "<choice>:<approval id>". The approval id alone is enough: the chat's ChatObject
// recorded which session and run each approval it showed belongs to (chat-store.ts), so a click
// routed to another chat finds nothing there. Approval ids are "appr_" + 20 hex digits, so the value
// is at most 32 bytes, well inside Telegram's 64-byte callback_data.
import * as z from "zod";
import { fill } from "../lib/phrase-book";
import type { ChatPhrases } from "./chat-phrases";

export type ApprovalChoice = "allow" | "deny" | "always";

/** Telegram's limit for callback_data, in bytes (Slack allows 2000 characters in a button's value). */
export const BUTTON_VALUE_MAX_BYTES = 64;

/** The buttons in the order they appear, labelled in the person's language. */
export const approvalChoices = (say: ChatPhrases): ReadonlyArray<{ choice: ApprovalChoice; label: string }> => [
  { choice: "allow", label: say.allow },
  { choice: "deny", label: say.deny },
  { choice: "always", label: say.alwaysAllow },
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
export function approvalPrompt(a: { name: string; args?: unknown; expiresAt: string }, say: ChatPhrases): string {
  const args = JSON.stringify(a.args ?? {});
  const shown = args.length > ARGS_SHOWN ? `${args.slice(0, ARGS_SHOWN)}…` : args;
  return fill(say.approvalPrompt, { tool: a.name, args: shown, until: a.expiresAt.slice(0, 16).replace("T", " ") });
}

/** The line added under the prompt once a person decided. */
export function decisionNote(choice: ApprovalChoice, who: string, tool: string, say: ChatPhrases): string {
  return fill(choice === "deny" ? say.deniedBy : choice === "always" ? say.allowedAlwaysBy : say.allowedBy, { who, tool });
}

/** The short confirmation the person who clicked sees. */
export const clickConfirmation = (choice: ApprovalChoice, say: ChatPhrases) =>
  choice === "deny" ? say.deniedClick : choice === "always" ? say.alwaysClick : say.allowedClick;

export type ClickRefusal = "foreign" | "expired" | "already_decided" | "not_found" | "failed" | "unknown";

/** Why a click did nothing, politely (Telegram shows at most 200 characters): the phrase of each refusal. */
export const CLICK_REFUSALS = {
  foreign: "clickForeign",
  expired: "clickExpired",
  already_decided: "clickSettled",
  not_found: "clickNotFound",
  failed: "clickFailed",
  unknown: "clickUnknown",
} as const satisfies Record<ClickRefusal, keyof ChatPhrases>;
