// The Courses panel: create a course (topic, level, schedule, where to deliver it) and see each course's
// syllabus, the lessons so far (each opens in the lesson reader), the next lesson's time, the last error, and the
// chats given up with a Resume button that takes them back.
import { attemptKeys } from "./attempt-key.js";
import { slackTargetProblem, telegramTargetProblem } from "./delivery-target.js";
import { make } from "./dom.js";
import { explain } from "./explain.js";
import { count, failure, phraseOf, t } from "./i18n.js";

const STATUS = { planning: "coursePlanning", active: "courseActive", finished: "courseFinished" };

/** The server's limit on a topic (src/courses/course-input.ts), checked here so a long one is refused, not cut. */
export const TOPIC_MAX_CHARS = 500;

/** Per platform the form delivers to: the older `deliver` object's field, the check, and its phrases (course-form-phrases.js). */
const TARGETS = {
  telegram: {
    field: "telegramChatId",
    problem: telegramTargetProblem,
    enter: "enterTelegramChat",
    invalid: "telegramChatInvalid",
    respell: "telegramChatRespell",
  },
  slack: { field: "slackChannel", problem: slackTargetProblem, enter: "enterSlackChannel", invalid: "slackChannelInvalid", respell: "slackChannelCapitals" },
};

const LEVELS = { beginner: "beginner", intermediate: "intermediate", advanced: "advanced" };

/** The one-word schedules the server takes for five fields (src/courses/cron-period.ts). */
const CRON_MACROS = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"];

/** A field of the form the page will not send as it is; `field` names it ("topic", "cron", "target"). */
export class CourseFormError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

/**
 * The request body from the form's fields and the page's `language` (the lessons are asked for in it, as a
 * chat's /course asks in the person's); empty optional fields are left out; a field that cannot be sent throws CourseFormError.
 */
export function courseRequest({ topic, level, cron, deliverTo, target, language }) {
  const body = { topic: topic.trim() };
  if (body.topic.length > TOPIC_MAX_CHARS) throw new CourseFormError("topic", t("topicTooLong", { length: body.topic.length, max: TOPIC_MAX_CHARS }));
  if (level) body.level = level;
  if (language) body.language = language;
  if (cron.trim()) body.cron = cron.trim();
  // Said here in the page's language: the server's refusal of a schedule is English (400 invalid_request).
  if (body.cron && !CRON_MACROS.includes(body.cron.toLowerCase()) && body.cron.split(/\s+/).length !== 5)
    throw new CourseFormError("cron", t("cronFields", { cron: body.cron }));
  const platform = Object.hasOwn(TARGETS, deliverTo) ? TARGETS[deliverTo] : undefined;
  if (!platform) return body;
  const to = target.trim();
  // A delivery chosen without where to (a blank or spaces-only target) would make a course that is never delivered.
  if (!to) throw new CourseFormError("target", t(platform.enter));
  // Said here in the page's language, as the server checks it (delivery-target.js): its refusal is English.
  const problem = platform.problem(to);
  if (problem) throw new CourseFormError("target", problem.fix ? t(platform.respell, problem) : t(platform.invalid, { target: to }));
  body.deliver = { [platform.field]: to };
  return body;
}

/**
 * Creating courses from the form: each submission carries one Idempotency-Key, and a retry of it (the same
 * fields sent again after a failure) carries the same key, so a lost answer never makes a second course.
 * @param {{createCourse(body: object, idempotencyKey: string): Promise<string>}} api
 * @returns {(fields: Parameters<typeof courseRequest>[0]) => Promise<{id: string, body: object}>}
 */
export function courseCreator(api, keys = attemptKeys()) {
  return async (fields) => {
    const body = courseRequest(fields);
    const id = await api.createCourse(body, keys.keyFor(body));
    keys.done();
    return { id, body };
  };
}

const when = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function nextLessonText(course) {
  if (course.status === "finished") return t("syllabusWritten");
  // An active course without a next lesson has no target left: its last error (no_reachable_target) says so.
  if (!course.nextLessonAt) return course.status === "planning" ? t("firstLessonScheduled") : "";
  const at = new Date(course.nextLessonAt);
  return at.getTime() <= Date.now() ? t("nextLessonDue") : t("nextLessonAt", { when: when(course.nextLessonAt) });
}

function deliveryText(deliver) {
  if (deliver?.telegramChatId !== undefined) return t("deliveredToTelegram", { chat: deliver.telegramChatId });
  if (deliver?.slackChannel) return t("deliveredToSlack", { channel: deliver.slackChannel });
  return t("notDelivered");
}

/** A stopped target (`platform:to`, or the platform's name for a course's older `deliver` object) as the chat it names. */
function targetText(target, deliver) {
  const colon = target.indexOf(":");
  const platform = colon < 0 ? target : target.slice(0, colon);
  const to = colon < 0 ? (platform === "telegram" ? deliver?.telegramChatId : deliver?.slackChannel) : target.slice(colon + 1);
  if (to === undefined || to === "") return target;
  if (platform === "telegram") return t("telegramChat", { chat: to });
  if (platform === "slack") return t("slackChannel", { channel: to });
  return target;
}

/**
 * The chats given up (which, since when, why) and a Resume button, disabled while its request is out; a failure
 * is said under it and the button is pressed again. `resume()` answers the course as the server now has it.
 */
function stoppedPart(course, resume, resumed) {
  const part = make("div", { className: "stopped" });
  const list = make("ul", { className: "stopped-targets" });
  list.append(
    ...course.stopped.map((stop) =>
      // `code` is chat_unreachable, said in the page's language; `message` is the platform's English answer.
      make("li", { text: t("stoppedTarget", { target: targetText(String(stop.target), course.deliver), when: when(stop.at), why: failure(stop) }) }),
    ),
  );
  const button = make("button", { className: "resume", text: t("resumeCourse"), attrs: { type: "button" } });
  const failed = make("p", { className: "failed", attrs: { role: "alert" } });
  failed.hidden = true;
  button.addEventListener("click", () => {
    button.disabled = true;
    button.textContent = t("resuming");
    failed.hidden = true;
    resume().then(resumed, (e) => {
      failed.textContent = t("couldNotResume", { why: explain(e) });
      failed.hidden = false;
      button.textContent = t("resumeCourse");
      button.disabled = false;
      // A disabled button drops the focus; the person may press it again.
      if (document.activeElement === document.body) button.focus();
    });
  });
  part.append(make("h4", { text: t("stoppedTargets") }), list, button, failed);
  return part;
}

/**
 * One course as a list item: a summary line, and its details.
 * @param {(key: string) => void} openLesson
 * @param {() => void} downloadDeck its lessons' exercises as one Anki deck
 * @param {() => Promise<object>} resume takes the stopped targets back; answers the course as GET /v1/courses/:id does
 */
export function courseItem(course, openLesson, downloadDeck, resume) {
  const item = make("li", { className: "course", attrs: { "data-course": course.id } });
  const details = make("details");
  const summary = make("summary");
  summary.append(
    make("span", { className: "title", text: course.topic }),
    make("span", {
      className: "meta",
      text: `${phraseOf(STATUS, course.status)} · ${count(course.lessonCount, "lessonOne", "lessonMany")}`,
    }),
  );
  details.append(summary);
  details.append(
    make("p", {
      text: [phraseOf(LEVELS, course.level), t("scheduleOf", { cron: course.cron }), deliveryText(course.deliver)].filter(Boolean).join(" · "),
    }),
    make("p", { className: "next-lesson", text: nextLessonText(course) }),
  );
  if (course.lastError) {
    // By its code in the page's language (an error stored before codes were is said as unknown); `message` is the API's English.
    const { at, period } = course.lastError;
    const message = failure(course.lastError);
    const text = period ? t("lastErrorOfLesson", { when: when(at), period, message }) : t("lastErrorOfSyllabus", { when: when(at), message });
    details.append(make("p", { className: "failed", text }));
  }
  if (course.stopped?.length && resume) {
    // The resumed course takes this item's place (or that of the item a Refresh drew meanwhile), open, with the
    // focus on its summary if it was in the item.
    const resumed = (answer) => {
      const next = courseItem(answer, openLesson, downloadDeck, resume);
      next.querySelector("details").open = true;
      const shown = item.isConnected ? item : document.querySelector(`li[data-course="${CSS.escape(course.id)}"]`);
      const focused = shown?.contains(document.activeElement) || document.activeElement === document.body;
      shown?.replaceWith(next);
      if (focused) next.querySelector("summary").focus();
    };
    details.append(stoppedPart(course, resume, resumed));
  }
  if (course.syllabus?.length) {
    details.append(make("h4", { text: t("syllabus") }));
    const list = make("ol", { className: "syllabus" });
    list.append(...course.syllabus.map((title, i) => make("li", { text: title, attrs: { "data-done": String(i < course.lessonCount) } })));
    details.append(list);
  }
  if (course.lessons?.length) {
    details.append(make("h4", { text: t("lessonsSoFar") }));
    const list = make("ul", { className: "course-lessons" });
    for (const lesson of course.lessons) {
      const button = make("button", { className: "link", text: `${lesson.number}. ${lesson.title}`, attrs: { type: "button" } });
      button.addEventListener("click", () => openLesson(lesson.key));
      const line = make("li");
      line.append(button, make("span", { className: "meta", text: ` ${when(lesson.createdAt)}${lesson.deliveredAt ? ` · ${t("delivered")}` : ""}` }));
      list.append(line);
    }
    details.append(list);
    const deck = make("button", { text: t("courseDeck"), attrs: { type: "button" } });
    deck.addEventListener("click", downloadDeck);
    details.append(deck);
  }
  item.append(details);
  return item;
}
