// The page's own words in the person's language: the first of the browser's languages the page has words
// for. English is written here (and in index.html, each element marked data-i18n with its key; the Courses
// form's refusals in course-form-phrases.js); every other
// language is a static asset, /i18n/page/<language>.json, read once as the page starts. A language the page
// has no words for, or a file that cannot be read, gets English. Why a run failed and its warnings are a book
// the bots share (run-notices.js, /i18n/run-notices.json, English too), read with the page's words; a code
// without a phrase there (any code, until the book is read or when it cannot be) is named in the page's words,
// and a code whose notice is about the API (no_reachable_target) has a phrase of the page's own (PAGE_FAILURES).
// The lessons and the agent's answers are in the language they were written in; this is only the page around
// them. Plain ESM: Node's tests import it.

import { COURSE_FORM_ENGLISH } from "./course-form-phrases.js";
import { noticeText } from "./run-notices.js";

/**
 * Languages with a file under public/i18n/page/ (the lesson vocabularies' languages), and Traditional Chinese,
 * made from zh at build time (scripts/traditional-chinese.mjs).
 */
export const PAGE_LANGUAGES = ["ar", "de", "es", "fr", "hi", "id", "it", "ja", "ko", "pt", "ru", "tr", "vi", "zh", "zh-Hant"];
const TRADITIONAL = "zh-Hant";

/** Languages written right to left. */
const RIGHT_TO_LEFT = new Set(["ar"]);

export const ENGLISH = {
  // index.html
  metaDescription: "Tell StudyAgent what you want to learn; it reads sources and writes you a lesson.",
  skipLink: "Skip to the question box",
  settings: "Settings",
  apiToken: "API token",
  tokenPlaceholder: "Only if the server sets API_TOKEN",
  tokenHint:
    "Kept in this browser's localStorage, where any script running on this page could read it: use a key meant for this page, not your admin token, on a shared deployment.",
  conversation: "Conversation",
  session: "Session",
  newSession: "New session",
  openIt: "Open it",
  stayInSession: "Stay in my session",
  plan: "Plan",
  messages: "Messages",
  emptyTranscript: "Tell me what you want to learn, for example “I want to learn calculus”.",
  topicLabel: "What do you want to learn?",
  topicPlaceholder: "I want to learn calculus",
  attachedPhotos: "Attached photos",
  attachHint: "Paste or drop a photo of your work here, or attach one.",
  attachPhoto: "Attach photo",
  send: "Send",
  cancel: "Cancel",
  savedLessons: "Saved lessons",
  refresh: "Refresh",
  noLessons: "No saved lessons yet.",
  print: "Print",
  ankiDeck: "Anki deck",
  shareLesson: "Share",
  /** {url}: the lesson's link, which opens it without an API key. */
  sharedLink: "Anyone with this link can read this lesson: {url}",
  close: "Close",
  contents: "Contents",
  yourProgress: "Your progress",
  show: "Show",
  allLessons: "All lessons",
  courses: "Courses",
  topic: "Topic",
  topicExample: "Linear algebra",
  level: "Level",
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
  schedule: "Schedule (cron, UTC)",
  scheduleHint: "One lesson per period: “0 0 * * *” is daily at midnight UTC, “0 8 * * 1” Mondays at 08:00.",
  deliverTo: "Deliver to",
  deliverNowhere: "Nowhere: only save the lessons",
  deliverTelegram: "A Telegram chat",
  deliverSlack: "A Slack channel",
  chatIdOrChannel: "Chat id or channel",
  targetExample: "123456789 or C0123456789",
  createCourse: "Create course",
  noCourses: "No courses yet.",
  mcpServers: "MCP servers",
  noMcpServers: "No MCP servers are configured (MCP_SERVERS).",
  // the conversation and its runs (app.js)
  needToken: "The server wants an API token: enter it under Settings.",
  networkError: "Could not reach the server; check your connection and try again.",
  photoSent: "Photo {n} of {count} sent with this message",
  noLongerAvailable: "{alt} (no longer available)",
  toolActivity: "Tool activity",
  savedDocument: "Saved “{title}”",
  savedDraft: "Saved “{title}” as a draft",
  openKey: "Open {key}",
  validatorFound: "What the validator found",
  /** What the lesson check found in a draft, by its code (lesson-findings.js); {chapter}: the chapter's number. */
  findingMissingTitle: "The lesson has no title.",
  findingMultipleTitles: "The lesson has more than one title.",
  findingNoChapters: "The lesson has no chapters.",
  findingChapterHeading: "Chapter {chapter}: its heading is not written as a chapter heading.",
  findingChapterNumbering: "The chapters are not numbered in order.",
  findingChapterTooShort: "Chapter {chapter} is too short.",
  findingMissingSection: "Chapter {chapter} is missing a section.",
  findingEmptySection: "Chapter {chapter} has an empty section.",
  findingObjectivesNotList: "Chapter {chapter}: the objectives are not written as a list.",
  findingKeyConceptsNoTable: "Chapter {chapter}: the key concepts are not written as a table.",
  findingMissingExplanationPart: "Chapter {chapter}: a part of the explanation is missing.",
  findingExerciseHeading: "Chapter {chapter}: an exercise heading is not written as the lesson format asks.",
  findingExerciseId: "Chapter {chapter}: an exercise is numbered wrongly.",
  findingExerciseCount: "Chapter {chapter} has too few exercises of some type.",
  findingEmptyExercise: "Chapter {chapter}: an exercise has no question.",
  findingMcOptions: "Chapter {chapter}: a multiple-choice exercise does not have exactly four options, A to D.",
  findingFillInNoBlank: "Chapter {chapter}: a fill-in-the-blank exercise has no blank.",
  findingMissingAnswerKey: "The lesson has no answer key.",
  findingAnswerMissing: "Chapter {chapter}: some exercises have no answer in the answer key.",
  findingAnswerUnknown: "The answer key has answers for exercises the lesson does not have.",
  findingAnswerEmpty: "Chapter {chapter}: an answer in the answer key is empty.",
  findingMcAnswerNoLetter: "Chapter {chapter}: an answer in the answer key does not name the right option.",
  findingAnswerDisputed: "Chapter {chapter}: a reader who solved an exercise without the answer key got a different answer from the key.",
  findingMissingSources: "The lesson does not list its sources.",
  findingSourcesEmpty: "The list of sources has no links.",
  findingSourceNotFetched: "A source was not read while the lesson was written.",
  findingCitationUnknown: "The text cites a source that is not in the list of sources.",
  findingUnknownLanguage: "The lesson's headings are in a language the validator cannot read.",
  /** A code the page has no phrase for. */
  findingOther: "The validator found something else to fix ({code}).",
  /** {n} (2 or more) findings said with the same words. */
  findingTimes: "{finding} (×{n})",
  agentWantsToRun: "The agent wants to run {tool}.",
  rememberForSession: "Remember for this session",
  allow: "Allow",
  deny: "Deny",
  approveTool: "Approve {name}?",
  allowedTool: "Allowed: {tool}",
  deniedTool: "Denied: {tool}",
  /** An approval the run no longer waits on: the run was cancelled. */
  cancelledTool: "Cancelled: {tool}",
  /** {why}: the server's reason (decided already, withdrawn). */
  notDecidedHere: "Not decided here ({why}): {tool}",
  couldNotSendDecision: "Could not send your decision: {why}",
  needsAuthorization: "MCP server {server} needs authorization; this run goes on without it.",
  expired: "Expired",
  answered: "Answered",
  declined: "Declined",
  cancelled: "Cancelled",
  serverAsks: "{server} asks: {message}",
  answerServer: "Answer {server}",
  accept: "Accept",
  decline: "Decline",
  cannotAskFor: "The page cannot ask for: {fields}.",
  settledQuestion: "{how}: {server} asked “{message}”",
  notAnsweredHere: "Not answered here ({why})",
  couldNotSendAnswer: "Could not send your answer: {why}. Press the button again to send it again.",
  done: "Done",
  stoppedAtLimit: "Stopped at the step limit",
  waitingForApproval: "Waiting for approval",
  waitingForAnswer: "Waiting for an answer",
  stepOne: "{n} step",
  stepMany: "{n} steps",
  tokens: "{n} tokens",
  planCount: "{done} of {total} done",
  photoLoading: "The photo is still loading; your question goes with it once it is read…",
  sendWithoutPhoto: "Your question was not sent: press Enter to send it without that photo.",
  cancelledNotSent: "Cancelled: your question was not sent.",
  working: "Working…",
  failed: "Failed: {message}",
  unknownError: "unknown error",
  /** Why a request failed or a run stopped, for a code without a run notice: the code, never the server's English. */
  errorCode: "the server answered with an error ({code})",
  serverNote: "For whoever runs the server: {message}",
  waitingForYourApproval: "Waiting for your approval…",
  waitingForYourAnswer: "Waiting for your answer to {server}…",
  streamEndedEarly: "The stream ended early; reload the session to see the result.",
  runDidNotFinish: "The run did not finish.",
  couldNotOpen: "Could not open {key}: {why}",
  progressOfLesson: "Your progress: {line}",
  couldNotReadProgress: "Could not read your progress: {why}",
  couldNotListCourses: "Could not list the courses: {why}",
  creating: "Creating…",
  courseCreated: "Created the course on {topic}: its syllabus is being planned.",
  couldNotCreateCourse: "Could not create the course: {why}",
  couldNotReadMcp: "Could not read the MCP servers: {why}",
  authorizeInWindow: "Authorize {name} in the window that opened; the list is read again when you come back.",
  cancelling: "Cancelling…",
  linkedSession: "A link asks to open session “{id}”. Whoever made the link may read what you send there. Open it?",
  // attachments.js
  remove: "Remove",
  removeNamed: "Remove {name}",
  attachedNamed: "Attached: {name}",
  thatFile: "That file",
  pastedImage: "pasted image",
  notAPhoto: "{name} is not a photo (JPEG, PNG, WebP or GIF); it was not attached.",
  unreadableFile: "{name} could not be read; it was not attached.",
  photoAttachedOne: "{n} photo attached.",
  photoAttachedMany: "{n} photos attached.",
  // courses.js
  coursePlanning: "Planning the syllabus…",
  courseActive: "Active",
  courseFinished: "Finished",
  ...COURSE_FORM_ENGLISH,
  syllabusWritten: "Every lesson of the syllabus is written.",
  firstLessonScheduled: "The first lesson is scheduled once the syllabus is planned.",
  nextLessonDue: "Next lesson: due now (at the next scheduled tick).",
  nextLessonAt: "Next lesson: {when}.",
  deliveredToTelegram: "Delivered to Telegram chat {chat}",
  deliveredToSlack: "Delivered to Slack channel {channel}",
  notDelivered: "Lessons are saved, not delivered",
  lessonOne: "{n} lesson",
  lessonMany: "{n} lessons",
  scheduleOf: "schedule {cron} (UTC)",
  lastErrorOfLesson: "Last error, {when} (lesson of {period}): {message}",
  lastErrorOfSyllabus: "Last error, {when} (planning the syllabus): {message}",
  syllabus: "Syllabus",
  lessonsSoFar: "Lessons so far",
  delivered: "delivered",
  courseDeck: "Anki deck of its exercises",
  stoppedTargets: "Chats given up",
  telegramChat: "Telegram chat {chat}",
  slackChannel: "Slack channel {channel}",
  /** A target the course gave up: {target} the chat, {when} since when, {why} why (its code's run notice). */
  stoppedTarget: "{target}, since {when}: {why}",
  resumeCourse: "Resume",
  resuming: "Resuming…",
  couldNotResume: "Could not resume the course: {why}",
  courseResumed: "Resumed the course on {topic}: its chats get lessons again.",
  /** The page's words for no_reachable_target (the run notice names the API request; here it is the Resume button). */
  noReachableTarget: "None of this course's chats can be reached. Unblock the bot or add it back to the channel, then press Resume.",
  // exercises.js
  correct: "Correct",
  partlyRight: "Partly right",
  notQuite: "Not quite",
  verdictScore: "{verdict} (score {score} %)",
  optionsOf: "Options of exercise {id}",
  yourAnswer: "Your answer",
  exercises: "Exercises",
  answerExercise: "Answer exercise {id}",
  exercise: "Exercise {id}",
  check: "Check",
  chooseFirst: "Choose an option first.",
  writeFirst: "Write an answer first.",
  checking: "Checking…",
  expected: "Expected: ",
  couldNotCheck: "Could not check the answer: {why}",
  answeredCount: "{n} answered",
  correctCount: "{n} correct ({percent} %)",
  streakOne: "streak {n} day",
  streakMany: "streak {n} days",
  reviewDueOne: "{n} review due",
  reviewDueMany: "{n} reviews due",
  lessonTried: "this lesson: {tried} of {total} exercises tried",
  // progress-panel.js, progress-charts.js
  progressSummary: "{answers} answers, {percent} % correct, {due} reviews due now.",
  noAnswersYet: "No answers yet: answer a lesson's exercises to see your progress here.",
  courseOption: "Course: {topic}",
  theNumbers: "The numbers",
  answersChart: "Answers and accuracy per day",
  answersSummary: "{answers} answers over {days} days, {correct} correct ({percent}); bars: answers per day, line: accuracy.",
  day: "Day",
  answers: "Answers",
  accuracy: "Accuracy",
  today: "Today",
  reviewsChart: "Reviews due in the coming days",
  reviewsSummary: "{total} reviews due in the next {days} days, {today} of them today.",
  due: "Due",
  weakChart: "Weak concepts",
  weakSummary: "Weak concepts, most missed first: {concepts}.",
  noWeakConcepts: "No weak concepts.",
  concept: "Concept",
  misses: "Misses",
  lesson: "Lesson",
  // mcp-servers.js
  connected: "Connected",
  needsAuthorizationStatus: "Needs authorization",
  failedStatus: "Failed",
  disabled: "Disabled",
  connect: "Connect {name}",
  couldNotConnect: "Could not connect {name}: {why}",
  /** {name}: a shared MCP server not connected yet, whose one connection only whoever runs the server makes. */
  operatorConnects: "{name} is shared by everyone here: whoever runs the server connects it.",
  toolOne: "{n} tool",
  toolMany: "{n} tools",
  // schema-form.js (an MCP server's question)
  chooseAtLeast: "Choose at least {n}.",
  chooseAtMost: "Choose at most {n}.",
  choose: "Choose…",
  none: "(none)",
  atMostCharacters: "At most {max} characters; this is {length}.",
  required: "{label} (required)",
  // diagrams.js
  diagramRenderer: "Diagram renderer",
  diagram: "Diagram: {source}",
  notDrawn: "Not drawn: {why}",
  noDiagram: "no diagram",
};

let phrases = ENGLISH;
let notices = {};
let language = "en";

/**
 * The page's language: the first of `preferred` (IETF tags, the browser's order) it has words for, by its primary
 * subtag ("pt-BR" is pt), but Traditional Chinese (zh-Hant, zh-TW, zh-HK, zh-MO) is zh-Hant; English otherwise.
 */
export function pageLanguage(preferred) {
  for (const tag of preferred) {
    const primary = /^zh[-_](?:hant|tw|hk|mo)\b/i.test(tag) ? TRADITIONAL : String(tag).toLowerCase().split(/[-_]/)[0];
    if (primary === "en" || PAGE_LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

/** The language the page speaks ("en" when it has no words for the browser's): the learner's, as far as the page knows. */
export const spokenLanguage = () => language;

/** Reads the words of the browser's language (once, as the page starts); English when there are none or they cannot be read. */
export async function loadPageLanguage(preferred = navigator.languages ?? [navigator.language]) {
  const chosen = pageLanguage(preferred);
  const told = readTable("/i18n/run-notices.json");
  // An English page starts at once, without waiting for the run notices' English (a failure before they arrive is named by its code).
  if (chosen === "en") return void told.then((book) => (notices = withEnglish(book?.en, book?.en ?? {})));
  // Traditional Chinese's run notices are made from the book's zh, beside it (a phrase not made yet is zh's).
  const traditional = chosen === TRADITIONAL ? readTable(`/i18n/${TRADITIONAL}/run-notices.json`) : undefined;
  const [page, book, made] = await Promise.all([readTable(`/i18n/page/${chosen}.json`), told, traditional]);
  const english = withEnglish(book?.en, book?.en ?? {});
  const own = made ? { ...book?.zh, ...made } : book?.[chosen];
  notices = page ? withEnglish(own, english) : english;
  if (!page) return;
  phrases = withEnglish(page, ENGLISH);
  language = chosen;
}

/** A JSON file's object; undefined when it cannot be read (English, as if the browser had asked for it). */
async function readTable(url) {
  try {
    const res = await fetch(url);
    return res.ok ? await res.json() : undefined;
  } catch {
    return undefined;
  }
}

/** `table`'s phrases for `english`'s keys: a phrase missing or not text in the file is said in English rather than not at all. */
function withEnglish(table, english) {
  const words = {};
  for (const key of Object.keys(english)) words[key] = typeof table?.[key] === "string" && table[key] ? table[key] : english[key];
  return words;
}

/**
 * Codes whose run notice tells a program or a chat what to do elsewhere (no_reachable_target: send a PATCH), said
 * in the page's own words instead (press Resume); the notice stays as it is for the API and the bots.
 */
const PAGE_FAILURES = { no_reachable_target: "noReachableTarget" };

/**
 * Why a run failed, or a request was refused ({code, message}), in the page's language. A code without a
 * phrase is named in the page's words: the server's message is English, written for developers.
 */
export function failure(error) {
  if (typeof error?.code === "string" && Object.hasOwn(PAGE_FAILURES, error.code)) return t(PAGE_FAILURES[error.code]);
  const said = noticeText({ ...error, message: undefined }, notices);
  if (said !== undefined) return said;
  return typeof error?.code === "string" ? t("errorCode", { code: error.code }) : t("unknownError");
}

/**
 * A run's warning ({code, message, server?}) in the page's language. One without a phrase is for whoever runs
 * the server (a hook that failed, a critic without a verdict): its English words, said to be theirs.
 */
export function notice(warning) {
  const phrase = typeof warning?.code === "string" && Object.hasOwn(notices, warning.code) ? noticeText(warning, notices) : undefined;
  return phrase ?? t("serverNote", { message: warning?.message ?? "" });
}

/** The phrase `key` in the page's language, each {name} replaced by its value (a value is never read as a phrase). */
export function t(key, values = {}) {
  return (phrases[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The phrase `keys` names for `value` (a status, a level); `value` itself, as the server sent it, when it names none. */
export function phraseOf(keys, value) {
  return Object.hasOwn(keys, value) ? t(keys[value]) : value;
}

/** `oneKey`'s phrase when `n` takes the language's singular, `manyKey`'s otherwise; both get {n}. */
export function count(n, oneKey, manyKey, values = {}) {
  return t(new Intl.PluralRules(language).select(n) === "one" ? oneKey : manyKey, { n, ...values });
}

/** The page's fixed words (index.html's data-i18n elements and attributes) in its language, which the document then declares. */
export function translatePage(root = document) {
  if (language === "en") return;
  root.documentElement.lang = language;
  root.documentElement.dir = RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  for (const attribute of ["placeholder", "aria-label", "content"])
    for (const element of root.querySelectorAll(`[data-i18n-${attribute}]`)) element.setAttribute(attribute, t(element.getAttribute(`data-i18n-${attribute}`)));
}
