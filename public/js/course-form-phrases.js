// The English of what the Courses form says of a field it will not send (courses.js), part of the page's ENGLISH
// (i18n.js); every other language's are in public/i18n/page/<language>.json with the page's other words.

export const COURSE_FORM_ENGLISH = {
  topicTooLong: "The topic is {length} characters long; a course takes at most {max}. Shorten it.",
  enterTelegramChat: "Enter the Telegram chat id to deliver the lessons to.",
  enterSlackChannel: "Enter the Slack channel to deliver the lessons to.",
  cronFields: "The schedule “{cron}” is not a cron expression: it needs 5 fields (minute hour day month weekday), for example “0 8 * * 1”.",
  /** {target}: what was entered, which names no Telegram chat (delivery-target.js). */
  telegramChatInvalid:
    "“{target}” is not a Telegram chat. A Telegram chat id is a number such as 42 or -1001234567890 (a forum topic: -1001234567890/7), or @channelname.",
  /** {fix}: the chat id entered, spelled as Telegram gives it ("042" is 42). */
  telegramChatRespell: "Write the chat id as Telegram gives it: {fix}",
  /** {target}: what was entered, not a Slack channel id (a #name, a person's U… id). */
  slackChannelInvalid:
    "“{target}” is not a Slack channel id. Use the channel's id (such as C0123456789), shown at the bottom of the channel's details in Slack.",
  /** {fix}: the channel id entered, in capitals as Slack shows it. */
  slackChannelCapitals: "Write the channel id in capitals: {fix}",
};
