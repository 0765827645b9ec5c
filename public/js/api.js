// The Worker's /v1 API as the web page and the CLI use it: sessions, streamed runs, approvals and inputs,
// cancel, lessons and their exercises, learners' progress, courses, MCP servers.
// Sends the API token (when one is set) as a Bearer header. Plain ESM: browsers and Node 22 alike.
import { keyBatches, mergedProgress } from "./progress-batches.js";
import { readSse } from "./sse-reader.js";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {{ baseUrl?: string, token?: () => string | undefined }} options
 */
export function createApi({ baseUrl = "", token = () => undefined } = {}) {
  const base = baseUrl.replace(/\/+$/, "");
  const headers = (extra = {}) => {
    const t = token();
    return t ? { ...extra, authorization: `Bearer ${t}` } : extra;
  };
  const request = async (method, path, body, extraHeaders = {}) => {
    const init = { method, headers: headers(body === undefined ? extraHeaders : { "content-type": "application/json", ...extraHeaders }) };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetch(base + path, init);
    if (!res.ok) throw await apiError(res);
    return res;
  };
  const id = encodeURIComponent;
  // Sent only when the caller names one: the key says which submission a request belongs to (attempt-key.js).
  const keyed = (idempotencyKey) => (idempotencyKey ? { "idempotency-key": idempotencyKey } : {});
  // A listing answers a page and the cursor of the next (docs/api.md, "Paging the listings"): followed to the end.
  const allPages = async (path, field, cursor, next) => {
    const items = [];
    for (let at = null; ;) {
      const page = await (await request("GET", at === null ? path : `${path}?${cursor}=${id(at)}`)).json();
      items.push(...page[field]);
      if ((at = page[next]) == null) return items;
    }
  };

  return {
    async createSession() {
      return (await (await request("POST", "/v1/sessions", {})).json()).id;
    },
    /** The session's messages and todos, or null when there is no such session (yet). */
    async getSession(sessionId) {
      try {
        return await (await request("GET", `/v1/sessions/${id(sessionId)}`)).json();
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    /** Starts a run (creating the session if absent), with photos as data URLs, and follows its events as they happen. */
    async streamRun(sessionId, input, images = []) {
      const body = { input, stream: true, ...(images.length ? { images } : {}) };
      const res = await request("POST", `/v1/sessions/${id(sessionId)}/runs`, body, { accept: "text/event-stream" });
      return { runId: res.headers.get("x-run-id"), events: readSse(res.body) };
    },
    /** Follows a run's events after trace seq `after` (a run resumed by an approval). */
    async followRun(sessionId, runId, after) {
      const res = await request("GET", `/v1/sessions/${id(sessionId)}/runs/${id(runId)}/stream?after=${after}`, undefined, { accept: "text/event-stream" });
      return readSse(res.body);
    },
    /** Allows or denies a tool call the run waits on; `{runId, pendingApprovals, seq}`. */
    async decideApproval(sessionId, approvalId, decision, remember) {
      return (await request("POST", `/v1/sessions/${id(sessionId)}/approvals/${id(approvalId)}`, { decision, remember })).json();
    },
    /** Answers an MCP server's question (input.required): {action: "accept"|"decline"|"cancel", content?}, once per `idempotencyKey`. */
    async answerInput(sessionId, inputId, action, content, idempotencyKey) {
      const body = content === undefined ? { action } : { action, content };
      return (await request("POST", `/v1/sessions/${id(sessionId)}/inputs/${id(inputId)}`, body, keyed(idempotencyKey))).json();
    },
    async cancelRun(sessionId, runId) {
      await request("POST", `/v1/sessions/${id(sessionId)}/runs/${id(runId)}/cancel`);
    },
    /** Every lesson, newest first: the pages followed to the end. */
    async listLessons() {
      return allPages("/v1/lessons", "lessons", "before", "nextBefore");
    },
    async getLesson(key) {
      return (await request("GET", `/v1/lessons/${id(key)}`)).text();
    },
    /** A lesson a chat's link shares: {key, title, contentType, markdown, language?}, read with its share token (no API key needed). */
    async getSharedLesson(key, share) {
      return (await request("GET", `/v1/shared-lessons/${id(key)}`, undefined, { "x-lesson-share": share })).json();
    },
    /** The lesson's share token, for a link that opens it without an API key (the same one each time). */
    async shareLesson(key) {
      return (await (await request("POST", `/v1/lessons/${id(key)}/share`)).json()).share;
    },
    /** The lesson's exercises without their answers: {lessonKey, title, exercises: [{id, type, question, options?}]}. */
    async getExercises(key) {
      return (await request("GET", `/v1/lessons/${id(key)}/exercises`)).json();
    },
    /** {exerciseId, verdict, score, feedback, expected}, counted for the learner `sessionId` once per `idempotencyKey`. */
    async answerExercise(key, exercise, answer, sessionId, idempotencyKey) {
      return (await request("POST", `/v1/lessons/${id(key)}/answers`, { exercise, answer, sessionId }, keyed(idempotencyKey))).json();
    },
    /** The learner's progress; `lessons` (keys) limits it to those lessons (a course's), asked for in batches when there are many. */
    async learnerProgress(learnerId, lessons) {
      const ask = async (keys) => (await request("GET", `/v1/learners/${id(learnerId)}/progress${keys ? `?lessons=${keys.join(",")}` : ""}`)).json();
      if (!lessons) return ask();
      const batches = keyBatches(lessons.map(id));
      return batches.length > 1 ? mergedProgress(await Promise.all(batches.map(ask))) : ask(batches[0] ?? []);
    },
    /** A lesson's or a course's exercises as an Anki deck: {filename, text}. */
    async deck(kind, key) {
      const res = await request("GET", `/v1/${kind === "course" ? "courses" : "lessons"}/${id(key)}/deck`);
      const filename = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "deck.txt";
      return { filename, text: await res.text() };
    },
    /** An image the learner sent, as a Blob (the caller's tenant's only). */
    async image(key) {
      return (await request("GET", `/v1/images/${id(key)}`)).blob();
    },
    /** {topic, level?, cron?, deliver?} → the new course's id; the same `idempotencyKey` again → the same course. */
    async createCourse(course, idempotencyKey) {
      return (await (await request("POST", "/v1/courses", course, keyed(idempotencyKey))).json()).id;
    },
    /** Every course, in creation order: the pages followed to the end. */
    async listCourses() {
      return allPages("/v1/courses", "courses", "after", "nextAfter");
    },
    async getCourse(courseId) {
      return (await request("GET", `/v1/courses/${id(courseId)}`)).json();
    },
    /** Takes every target the course gave up back (docs/courses.md, "Resuming"); answers the course as getCourse does. */
    async resumeCourse(courseId) {
      return (await request("PATCH", `/v1/courses/${id(courseId)}`, { resume: true })).json();
    },
    async listMcpServers() {
      return (await (await request("GET", "/v1/mcp/servers")).json()).servers;
    },
    /** {authorizationUrl}, or {authorized: true} for a grant that needs no browser. */
    async authorizeMcpServer(name) {
      return (await request("POST", `/v1/mcp/servers/${id(name)}/authorize`, {})).json();
    },
  };
}

async function apiError(res) {
  let code = "http_error";
  let message = `${res.status} ${res.statusText}`;
  try {
    const body = await res.json();
    if (body?.error) ({ code = code, message = message } = body.error);
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(res.status, code, message);
}
