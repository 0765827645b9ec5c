// The approval buttons on Telegram: an inline keyboard under the prompt, [Allow] [Deny] on one row and
// [Always allow] below, each button's callback_data the "<choice>:<approval id>" of approval-buttons.ts.
import { approvalChoices, BUTTON_VALUE_MAX_BYTES, buttonValue } from "../approval-buttons";
import type { ChatPhrases } from "../chat-phrases";
import type { InlineKeyboardMarkup } from "./telegram-api";

export function approvalKeyboard(approvalId: string, say: ChatPhrases): InlineKeyboardMarkup {
  const buttons = approvalChoices(say).map(({ choice, label }) => ({ text: label, callback_data: buttonValue(choice, approvalId) }));
  // Telegram rejects the whole message when callback_data is longer; approval ids are far shorter.
  const tooLong = buttons.find((b) => new TextEncoder().encode(b.callback_data).length > BUTTON_VALUE_MAX_BYTES);
  if (tooLong) throw new Error(`callback_data "${tooLong.callback_data}" is longer than Telegram's ${BUTTON_VALUE_MAX_BYTES} bytes`);
  return { inline_keyboard: [buttons.slice(0, 2), buttons.slice(2)] };
}
