// Whether the chat a course's lessons go to is one Telegram or Slack has, spelled as it spells it: the one copy of
// these rules. The server refuses a course with another (src/platforms/telegram/telegram-delivery-to.ts,
// src/platforms/slack/slack-delivery-to.ts import them), and the page checks the form with them first, so a refusal
// is said in the page's language (the server's is English); test/web-page/course-target-check-agrees-with-the-server.test.ts
// runs both over one table of targets. Plain ESM: the Worker and Node's tests import it (delivery-target.d.ts).

/** Bot API, Chat.id: at most 52 significant bits; negative for groups, -100… for supergroups and channels. */
export const isTelegramChatId = (id) => Number.isInteger(id) && id !== 0 && Math.abs(id) < 2 ** 52;

/**
 * A chat id, or "<chat id>/<topic id>" (a topic: 2 to 2^31−1), exactly as Telegram gives them. The General topic,
 * whose id is 1, is the chat id alone: sendMessage answers "message thread not found" for thread 1.
 */
function isTelegramSpelling(to) {
  const m = /^(-?[1-9]\d*)(?:\/([1-9]\d*))?$/.exec(to);
  return m !== null && isTelegramChatId(Number(m[1])) && m[2] !== "1" && !(Number(m[2]) >= 2 ** 31);
}

/** A public chat's @username: 4–32 letters, digits and underscores, from a letter. */
const TELEGRAM_USERNAME = /^@[A-Za-z]\w{3,31}$/;

/** A Slack conversation id as Slack shows it: C… a channel, G… a private one, D… a direct message. */
const SLACK_CONVERSATION = /^[CDG][A-Z0-9]{8,79}$/;

/**
 * What is wrong with `to` (a trimmed text) as a Telegram target: undefined when nothing; `{fix}` when it is one
 * chat's other spelling ("042", "+42", "-1004242/07", the General topic "-1004242/1"), `fix` being Telegram's; `{}` when it names no chat.
 */
export function telegramTargetProblem(to) {
  if (TELEGRAM_USERNAME.test(to) || isTelegramSpelling(to)) return undefined;
  const fix = to
    .replace(/^\+/, "")
    .replace(/(^-?|\/)0+(?=\d)/g, "$1")
    .replace(/\/1$/, "");
  return isTelegramSpelling(fix) ? { fix } : {};
}

/** What is wrong with `to` (a trimmed text) as a Slack target: undefined when nothing; `{fix}` for an id in lower case; `{}` otherwise. */
export function slackTargetProblem(to) {
  if (SLACK_CONVERSATION.test(to)) return undefined;
  const fix = to.toUpperCase();
  return SLACK_CONVERSATION.test(fix) ? { fix } : {};
}
