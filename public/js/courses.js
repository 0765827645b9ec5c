// The Courses panel: create a course (topic, level, schedule, where to deliver it) and see each course's
// syllabus, the lessons so far (each opens in the lesson reader), the next lesson's time and the last error.
import { attemptKeys } from "./attempt-key.js";
import { make } from "./dom.js";

const STATUS = { planning: "Planning the syllabus…", active: "Active", finished: "Finished" };

/** The server's limit on a topic (src/courses/course-input.ts), checked here so a long one is refused, not cut. */
export const TOPIC_MAX_CHARS = 500;

const TARGETS = { telegram: "the Telegram chat id", slack: "the Slack channel" };

/** A field of the form the page will not send as it is; `field` names it ("topic", "target"). */
export class CourseFormError extends Error {
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

/** The request body from the form's fields; empty optional fields are left out; a field that cannot be sent throws CourseFormError. */
export function courseRequest({ topic, level, cron, deliverTo, target }) {
  const body = { topic: topic.trim() };
  if (body.topic.length > TOPIC_MAX_CHARS)
    throw new CourseFormError("topic", `The topic is ${body.topic.length} characters long; a course takes at most ${TOPIC_MAX_CHARS}. Shorten it.`);
  if (level) body.level = level;
  if (cron.trim()) body.cron = cron.trim();
  // A delivery chosen without where to (a blank or spaces-only target) would make a course that is never delivered.
  if (deliverTo && !target.trim()) throw new CourseFormError("target", `Enter ${TARGETS[deliverTo] ?? "where to deliver"} to deliver the lessons to.`);
  if (deliverTo === "telegram") body.deliver = { telegramChatId: target.trim() };
  if (deliverTo === "slack") body.deliver = { slackChannel: target.trim() };
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
  if (course.status === "finished") return "Every lesson of the syllabus is written.";
  if (!course.nextLessonAt) return "The first lesson is scheduled once the syllabus is planned.";
  const at = new Date(course.nextLessonAt);
  return at.getTime() <= Date.now() ? "Next lesson: due now (at the next scheduled tick)." : `Next lesson: ${when(course.nextLessonAt)}.`;
}

function deliveryText(deliver) {
  if (deliver?.telegramChatId !== undefined) return `Delivered to Telegram chat ${deliver.telegramChatId}`;
  if (deliver?.slackChannel) return `Delivered to Slack channel ${deliver.slackChannel}`;
  return "Lessons are saved, not delivered";
}

/**
 * One course as a list item: a summary line, and its details.
 * @param {(key: string) => void} openLesson
 * @param {() => void} downloadDeck its lessons' exercises as one Anki deck
 */
export function courseItem(course, openLesson, downloadDeck) {
  const item = make("li", { className: "course", attrs: { "data-course": course.id } });
  const details = make("details");
  const summary = make("summary");
  summary.append(
    make("span", { className: "title", text: course.topic }),
    make("span", { className: "meta", text: `${STATUS[course.status] ?? course.status} · ${course.lessonCount} lesson${course.lessonCount === 1 ? "" : "s"}` }),
  );
  details.append(summary);
  details.append(
    make("p", { text: [course.level, `schedule ${course.cron} (UTC)`, deliveryText(course.deliver)].filter(Boolean).join(" · ") }),
    make("p", { className: "next-lesson", text: nextLessonText(course) }),
  );
  if (course.lastError) {
    const period = course.lastError.period ? ` (lesson of ${course.lastError.period})` : " (planning the syllabus)";
    details.append(make("p", { className: "failed", text: `Last error, ${when(course.lastError.at)}${period}: ${course.lastError.message}` }));
  }
  if (course.syllabus?.length) {
    details.append(make("h4", { text: "Syllabus" }));
    const list = make("ol", { className: "syllabus" });
    list.append(...course.syllabus.map((title, i) => make("li", { text: title, attrs: { "data-done": String(i < course.lessonCount) } })));
    details.append(list);
  }
  if (course.lessons?.length) {
    details.append(make("h4", { text: "Lessons so far" }));
    const list = make("ul", { className: "course-lessons" });
    for (const lesson of course.lessons) {
      const button = make("button", { className: "link", text: `${lesson.number}. ${lesson.title}`, attrs: { type: "button" } });
      button.addEventListener("click", () => openLesson(lesson.key));
      const line = make("li");
      line.append(button, make("span", { className: "meta", text: ` ${when(lesson.createdAt)}${lesson.deliveredAt ? " · delivered" : ""}` }));
      list.append(line);
    }
    details.append(list);
    const deck = make("button", { text: "Anki deck of its exercises", attrs: { type: "button" } });
    deck.addEventListener("click", downloadDeck);
    details.append(deck);
  }
  item.append(details);
  return item;
}
