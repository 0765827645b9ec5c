// What the bots themselves say, in the language of the person they talk to: the help, the commands'
// answers, the approval buttons, an MCP server's form, why a message or a file cannot be read, and a
// failure. A Spanish Telegram user read "/stop – stop what I am working on" and "Allow / Deny" in English.
// The language is the platform's for that person (Telegram's language_code, Slack's user locale:
// ChatPlatform.language). English is built in; the vocabularies' other languages are a static asset,
// public/i18n/chat-phrases.json, read as src/lib/phrase-book.ts reads every book. A {name} marks where a
// value goes. The words around a lesson's exercises and a learner's progress are the learner's book
// (src/learning/learner-phrases.ts).
import { phraseBook } from "../lib/phrase-book";

export const ENGLISH_CHAT_PHRASES = {
  telegramHelp: [
    "Hi! I am StudyAgent, a tutor that researches a topic and writes study material with exercises.",
    "",
    "Just write to me to ask or learn something; I remember our conversation.",
    "/lesson <topic> – research the topic and send you a lesson document",
    "/course <topic> – a daily course: one new lesson here every day",
    "/quiz – answer the last lesson's exercises, one at a time",
    "/review – the exercises due for review",
    "/progress – how you are doing: answers, accuracy, reviews due, weak spots",
    "/new – start a fresh conversation",
    "/stop – stop what I am working on",
    "/compact – summarize our earlier conversation so I can keep going",
  ].join("\n"),
  slackHelp: [
    "I am StudyAgent, a tutor that researches a topic and writes study material with exercises.",
    "",
    "Write to me to ask or learn something (in a channel, mention me); each thread is one conversation, and so is a DM's top level.",
    "/lesson <topic> – research the topic and post a lesson",
    "/course <topic> – a daily course: one new lesson in this channel (or DM) every day",
    "/quiz – answer the last lesson's exercises, one at a time",
    "/review – the exercises due for review",
    "/progress – how you are doing: answers, accuracy, reviews due, weak spots",
    "/new – start a fresh conversation in this thread",
    "/stop – stop what I am working on in this thread",
    "/compact – summarize our earlier conversation so I can keep going",
  ].join("\n"),
  /** {name}: the command as written, {help}: the help. */
  unknownCommand: "I do not know /{name}.\n\n{help}",
  unknownCommandHere: "I do not know /{name} here.\n\n{help}",
  lessonTopic: "Tell me the topic: /lesson <topic>, for example /lesson photosynthesis",
  courseTopic: "Tell me the topic: /course <topic>, for example /course Spanish for travellers",
  /** {length}: the topic's characters, {max}: the most a course topic takes. */
  courseTopicTooLong:
    "The course was not created: its topic is {length} characters long, and a course topic takes at most {max}. Send a shorter one: /course <topic>",
  /** What /lesson <topic> asks the agent, in the person's language so the lesson is written in it (the default system prompt knows how to build and save a lesson). */
  lessonRequest: "I want to learn about: {topic}\n\nResearch it, write a lesson with exercises, and save it.",
  /** {name}: a command that takes nothing after it, {shown}: what followed it, {does}: one of the does* phrases. */
  noArgument: '/{name} takes nothing after it, so I did not act on "{shown}". Send just /{name} to {does}.',
  doesNew: "start a fresh conversation",
  doesCompact: "summarize our earlier conversation",
  doesQuiz: "go on with the quiz on the last lesson sent here (for a new topic, send /lesson <topic> first)",
  doesReview: "get the exercises due for review",
  doesProgress: "see how you are doing",
  freshStart: "Fresh start: I have forgotten our previous conversation. What would you like to learn?",
  stopped: "Stopped.",
  nothingRunning: "Nothing is running.",
  /** {topic}, {id}, {cron}. */
  courseSetUp: 'Your course "{topic}" is set up (id {id}).\nI am planning its syllabus now; a new lesson will arrive here every day (schedule "{cron}", UTC).',
  /** {reason}: the service's own words (English). */
  couldNotStart: "Sorry, I could not start on that: {reason}",
  lostTrack: "I lost track of that request; please ask again.",
  wentWrong: "Sorry, something went wrong on my side. Please try again.",
  /** {reason}: why the run failed (public/js/run-notices.js, by its error's code; the run's own message for another code), or runFailedReason. */
  runFailed: "Sorry, that did not work: {reason}",
  runFailedReason: "the run failed",
  stepLimit: "(I stopped at my step limit before finishing.)",
  nothingToSay: "(I finished without anything to say.)",
  /** {server}, {url}. */
  authorize: "To let me use {server}, authorize it here (the link works once, for 10 minutes), then ask again:\n{url}",
  compactNone: "There is no conversation to compact yet.",
  compactBusy: "I am still working on your last request; try /compact when I have answered.",
  compactShort: "Nothing to compact: our conversation is still short.",
  compactFailed: "I could not summarize our conversation just now, so it is as it was. Try /compact again later.",
  /** {messages}, {before}, {after}. */
  compacted: "Compacted: {messages} earlier messages are now a summary (about {before} → {after} tokens).",
  // The chat quiz's buttons and commands, when no lesson's language applies.
  quizOver: "This quiz is over. Send /quiz to start it again.",
  questionClosed: "This question is no longer open. Send /quiz to go on.",
  offerGone: "I can no longer tell which lesson this button is under. Send /quiz for a quiz on the last lesson sent here.",
  noLessonYet: "There is no lesson to quiz you on yet: ask me for one (/lesson <topic>).",
  lessonNotHere: "I cannot find that lesson for this chat.",
  // The links under a lesson sent to a chat (in the lesson's language).
  openLesson: "Open the lesson on the page",
  seeFormulas: "See the formulas rendered on the page",
  // What a photo without a caption asks the agent.
  photoOnly: "Here is a photo of my work. Please look at it and help me with it.",
  // A photo the bot would otherwise drop: with a command, or as the answer to a quiz question or a server's form.
  photoWithCommand: "I did not act on that: a command does not take a photo. Send the command on its own, or the photo with your question.",
  photoNotAnAnswer: "A photo cannot answer this question: please type your answer.",
  // Messages the bot does not read. {what}: one of the attachment* phrases.
  unreadableAttachment: "Sorry, I cannot read {what}. Please type your question instead.",
  attachmentVoice: "a voice message",
  attachmentAudio: "audio",
  attachmentVideo: "a video",
  attachmentVideoNote: "a video message",
  attachmentSticker: "a sticker",
  attachmentLocation: "a location",
  attachmentContact: "a contact",
  attachmentPoll: "a poll",
  attachmentDice: "a dice roll",
  attachmentGame: "a game",
  attachmentStory: "a story",
  unreadableEdit: "I saw that you edited a message, but I only read new ones: please send the corrected message again.",
  /** {count}. */
  unreadableFiles: "You sent {count} files, but I can look at one per message: please send them one at a time, each with its question.",
  unopenableFile: "I could not open the file you shared. Please upload it again (a photo or image), or type your question.",
  nothingToRead: "I did not find anything to read in your message: please write your question as text.",
  // Images.
  imageVision: "I cannot see images here: this tutor's model does not read them. Please type the problem out, and I will help.",
  /** {mb}. */
  imageTooLarge: "That image is too large for me (more than {mb} MB). Please send a smaller photo.",
  notAnImage: "I can read photos and images (JPEG, PNG, WebP, GIF), but that file is not one.",
  // Approvals.
  allow: "Allow",
  deny: "Deny",
  alwaysAllow: "Always allow",
  /** {tool}, {args} (JSON), {until} (a UTC date and time). */
  approvalPrompt: "I need your approval to run {tool} {args}\nWithout an answer by {until} UTC it is refused.",
  /** {who}. */
  deniedBy: "❌ Denied by {who}.",
  allowedBy: "✅ Allowed by {who}.",
  /** {who}, {tool}. */
  allowedAlwaysBy: "✅ Allowed by {who}, and {tool} is allowed for the rest of this conversation.",
  allowedClick: "Allowed: I am carrying on.",
  deniedClick: "Denied: I will carry on without it.",
  alwaysClick: "Allowed, now and for the rest of this conversation.",
  // Why a click did nothing (Telegram shows at most 200 characters).
  clickForeign: "This button does not belong to a request of this chat.",
  clickExpired: "This request expired, so it was refused.",
  clickSettled: "This request is already settled (decided before, stopped, or replaced by a newer message).",
  clickNotFound: "I can no longer find this request.",
  clickFailed: "Sorry, I could not record that. Please try again.",
  clickUnknown: "This button does nothing any more (it may be from an older message). Please ask me again.",
  // An MCP server's form, a field at a time. {server}, {message}, {question}, {errors}, {reason}.
  formAsks: "{server} asks: {message}\n\n{question}",
  formNotAccepted: "{server} did not accept that:\n{errors}\n\n{question}",
  formSent: "✅ Sent.",
  formDeclined: "Declined.",
  formCancelled: "Cancelled.",
  formClosed: "This question is closed: {reason}",
  formNotOpen: "This question is no longer open.",
  formRequired: " (required)",
  /** {options}. */
  formReplyOptions: "Reply with one or more of: {options} (separated by commas).",
  formReplyText: "Reply with your answer.",
  /** {range}: one of the formRange* phrases, or nothing. */
  formReplyInteger: "Reply with a whole number{range}.",
  formReplyNumber: "Reply with a number{range}.",
  /** {min}, {max}. */
  formRangeBetween: " from {min} to {max}",
  formRangeAtLeast: " of at least {min}",
  formRangeAtMost: " of at most {max}",
  /** {value}. */
  formDefault: "Default: {value}",
  formYes: "Yes",
  formNo: "No",
  formSkip: "Skip",
  formSend: "Send",
  formDecline: "Decline",
  formCancel: "Cancel",
  formPleaseText: "Please reply with some text.",
  formPleaseInteger: "Please reply with a whole number.",
  formPleaseNumber: "Please reply with a number.",
  formPleaseYesNo: "Please press Yes or No.",
  formPleaseChoose: "Please choose one of: {options}.",
  formPleaseOptions: "Please reply with options from: {options}.",
};

export type ChatPhrases = typeof ENGLISH_CHAT_PHRASES;

/** The bots' phrases in `language` (the platform's tag for the person), English for none or an unknown one. */
export const chatPhrases = phraseBook("i18n/chat-phrases.json", ENGLISH_CHAT_PHRASES);
