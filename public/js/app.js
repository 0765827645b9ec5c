// The web page: pick or create a session, ask, watch the run stream in (text, tool activity, the
// plan's progress), answer approvals and MCP servers' questions inline, cancel it; read saved lessons and
// answer their exercises; create and follow courses; connect MCP servers. It talks only to the /v1 API (api.js).
import { planProgress, savedLessonKey, toolLine } from "./activity.js";
import { ApiError, createApi } from "./api.js";
import { attemptKeys } from "./attempt-key.js";
import { CourseFormError, courseCreator, courseItem } from "./courses.js";
import { make } from "./dom.js";
import { count, failure, loadPageLanguage, notice, phraseOf, spokenLanguage, t, translatePage } from "./i18n.js";
import { createAttachments } from "./attachments.js";
import { explain } from "./explain.js";
import { attachExercises, progressLine } from "./exercises.js";
import { createProgressPanel } from "./progress-panel.js";
import { escapeHtml, renderInto } from "./markdown.js";
import { findingLines } from "./lesson-findings.js";
import { connectControl, connectServer, serverItem } from "./mcp-servers.js";
import { runEventHandlers } from "./run-events.js";
import { schemaFields } from "./schema-form.js";

// The page speaks the browser's language from its first word.
await loadPageLanguage();
translatePage();

const KEYS = { token: "studyagent.token", sessions: "studyagent.sessions", session: "studyagent.session" };
const $ = (id) => document.getElementById(id);

const ui = {
  token: $("token"),
  sessionSelect: $("session-select"),
  newSession: $("new-session"),
  plan: $("plan"),
  planCount: $("plan-count"),
  planProgress: $("plan-progress"),
  planItems: $("plan-items"),
  transcript: $("transcript"),
  transcriptEmpty: $("transcript-empty"),
  composer: $("composer"),
  topic: $("topic"),
  send: $("send"),
  cancel: $("cancel"),
  status: $("status"),
  lessonList: $("lesson-list"),
  lessonsEmpty: $("lessons-empty"),
  refreshLessons: $("refresh-lessons"),
  lessonView: $("lesson-view"),
  lessonTitle: $("lesson-view-title"),
  lessonBody: $("lesson-body"),
  closeLesson: $("close-lesson"),
  lessonToc: $("lesson-toc"),
  lessonProgress: $("lesson-progress"),
  courseForm: $("course-form"),
  courseTopic: $("course-topic"),
  courseLevel: $("course-level"),
  courseCron: $("course-cron"),
  courseDeliver: $("course-deliver"),
  courseTarget: $("course-target"),
  courseTargetField: $("course-target-field"),
  createCourse: $("create-course"),
  courseStatus: $("course-status"),
  courseList: $("course-list"),
  coursesEmpty: $("courses-empty"),
  refreshCourses: $("refresh-courses"),
  mcpList: $("mcp-list"),
  mcpEmpty: $("mcp-empty"),
  refreshMcp: $("refresh-mcp"),
  downloadMarkdown: $("download-markdown"),
  downloadHtml: $("download-html"),
  printLesson: $("print-lesson"),
  downloadDeck: $("download-deck"),
  shareLesson: $("share-lesson"),
  attach: $("attach"),
  attachments: $("attachments"),
  refreshProgress: $("refresh-progress"),
  progressCourse: $("progress-course"),
  progressCharts: $("progress-charts"),
  progressSummary: $("progress-summary"),
  linkedSession: $("linked-session"),
  linkedSessionText: $("linked-session-text"),
  linkedSessionOpen: $("linked-session-open"),
  linkedSessionStay: $("linked-session-stay"),
};

const api = createApi({ token: () => localStorage.getItem(KEYS.token) || undefined });

const attachments = createAttachments({
  picker: ui.attach,
  list: ui.attachments,
  dropZone: ui.composer,
  pasteTarget: ui.topic,
  say: (text) => setStatus(text),
});
const progressPanel = createProgressPanel({
  api,
  learner: () => currentSession(),
  select: ui.progressCourse,
  charts: ui.progressCharts,
  summary: ui.progressSummary,
});

/**
 * The run being started or streamed, if any: what the cancel button stops. Set when the question is sent, not
 * when the run's headers arrive: Enter pressed again in between is not a second run. `runId` is null until
 * known; `cancelled` says Cancel was pressed before it was, so the run is not started, or is cancelled as
 * soon as its id arrives; `stopped` is aborted once the server has taken the cancel.
 */
let activeRun = null;

// ---- status

function setStatus(text) {
  ui.status.textContent = text;
}

// ---- sessions

const storedSessions = () => JSON.parse(localStorage.getItem(KEYS.sessions) ?? "[]");
const currentSession = () => localStorage.getItem(KEYS.session);

function rememberSession(id) {
  localStorage.setItem(KEYS.sessions, JSON.stringify([id, ...storedSessions().filter((s) => s !== id)].slice(0, 30)));
  localStorage.setItem(KEYS.session, id);
  renderSessionOptions();
}

function renderSessionOptions() {
  ui.sessionSelect.replaceChildren(...storedSessions().map((id) => make("option", { text: id, attrs: { value: id } })));
  ui.sessionSelect.value = currentSession() ?? "";
}

async function createSession() {
  const id = await api.createSession();
  rememberSession(id);
  await showSession(id);
  return id;
}

async function showSession(id) {
  ui.transcript.replaceChildren();
  renderPlan([]);
  ui.transcriptEmpty.hidden = false;
  if (!id) return;
  const view = await api.getSession(id);
  if (!view) return;
  renderPlan(view.todos ?? []);
  // A turn's tool calls, their results and its words so far are shown with the answer that ends it.
  let calls = [];
  let words = "";
  const results = new Map();
  for (const m of view.messages) {
    if (m.role === "user") addUserMessage(m.content, m.images ?? []);
    else if (m.role === "tool") results.set(m.toolCallId, m.status ?? "success");
    else if (m.role === "assistant" && m.toolCalls?.length) {
      calls.push(...m.toolCalls);
      if (m.content) words += `${m.content}\n\n`;
    } else if (m.role === "assistant" && m.content) {
      const bubble = addAssistantMessage();
      // A call without a result never finished (the run was cancelled or failed).
      for (const call of calls) bubble.toolStarted(call.id, call.name, safeJson(call.args), results.get(call.id) ?? "error");
      bubble.setText(words + m.content);
      bubble.done();
      calls = [];
      words = "";
    }
  }
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

// ---- the transcript

/** The person's message, with the photos it carried (data URLs as sent, or stored images by key). */
function addUserMessage(text, photos = []) {
  ui.transcriptEmpty.hidden = true;
  const item = make("li", { className: "message user", text });
  if (photos.length) {
    const strip = make("div", { className: "photos" });
    for (const [i, photo] of photos.entries()) {
      const img = make("img", { attrs: { alt: t("photoSent", { n: i + 1, count: photos.length }) } });
      if (typeof photo === "string") img.src = photo;
      else void showStoredImage(img, photo.key);
      strip.append(img);
    }
    item.append(strip);
  }
  ui.transcript.append(item);
  item.scrollIntoView({ block: "nearest" });
}

/** A stored image, read with the API token and shown as a data URL (the page's policy allows no blob: images). */
async function showStoredImage(img, key) {
  try {
    const blob = await api.image(key);
    img.src = await new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
  } catch {
    img.alt = t("noLongerAvailable", { alt: img.alt });
  }
}

/** An assistant message that fills in as the run streams. */
function addAssistantMessage() {
  ui.transcriptEmpty.hidden = true;
  const item = make("li", { className: "message assistant", attrs: { "aria-busy": "true" } });
  const activity = make("ul", { className: "activity", attrs: { "aria-label": t("toolActivity") } });
  const text = make("div", { className: "text streaming markdown" });
  const meta = make("p", { className: "run-meta" });
  item.append(activity, text, meta);
  ui.transcript.append(item);
  let raw = "";
  // Text before and after a tool call are separate paragraphs.
  let paragraphBreak = false;
  const calls = new Map();
  // MCP servers already shown as needing authorization: a run resumed after an approval says it again.
  const authorizations = new Set();
  // MCP servers' questions still open in this answer, by inputId.
  const questions = new Map();
  const follow = () => item.scrollIntoView({ block: "end" });
  return {
    appendText(delta) {
      if (paragraphBreak && raw) raw += "\n\n";
      paragraphBreak = false;
      raw += delta;
      text.textContent = raw;
      follow();
    },
    setText(markdown) {
      raw = markdown;
    },
    toolStarted(callId, name, args, status = "running") {
      paragraphBreak = true;
      const text = toolLine(name, args);
      if (text === null) return;
      const line = make("li", { text, attrs: { "data-status": status } });
      calls.set(callId, line);
      activity.append(line);
      follow();
    },
    toolFinished(callId, status) {
      const line = calls.get(callId);
      if (line) line.dataset.status = status;
    },
    note(message) {
      activity.append(make("li", { text: message }));
    },
    /** A saved document: its title, draft findings, and a button that opens it. */
    saved(savedDocument) {
      const { key, title, status } = savedDocument;
      const line = make("li", { className: "saved", text: t(status === "draft" ? "savedDraft" : "savedDocument", { title: title || key }) });
      const open = make("button", { className: "link", text: t("openKey", { key }), attrs: { type: "button" } });
      open.addEventListener("click", () => openLesson(key));
      line.append(" ", open);
      const findings = findingLines(savedDocument);
      if (findings.length) {
        const list = make("ul", { className: "findings", attrs: { "aria-label": t("validatorFound") } });
        list.append(...findings.map((f) => make("li", { text: f })));
        line.append(list);
      }
      activity.append(line);
      follow();
    },
    /**
     * Asks the person about a tool call the run waits on; resolves with the decision's outcome, or null when it
     * was settled otherwise (decided already, withdrawn) or withdrawn by `stopped` (the run was cancelled).
     */
    approval({ approvalId, name, args }, decide, stopped) {
      const tool = toolLine(name, args) ?? name;
      const box = make("li", { className: "approval" });
      const question = make("p", { text: t("agentWantsToRun", { tool }) });
      const rememberId = `remember-${approvalId}`;
      const remember = make("input", { attrs: { type: "checkbox", id: rememberId } });
      const label = make("label", { text: t("rememberForSession"), attrs: { for: rememberId } });
      const allow = make("button", { className: "primary", text: t("allow"), attrs: { type: "button" } });
      const deny = make("button", { text: t("deny"), attrs: { type: "button" } });
      const actions = make("div", { className: "actions", attrs: { role: "group", "aria-label": t("approveTool", { name }) } });
      const failure = make("p", { className: "failed", attrs: { role: "alert" } });
      failure.hidden = true;
      actions.append(remember, label, allow, deny);
      box.append(question, actions, failure);
      activity.append(box);
      follow();
      allow.focus();
      return new Promise((resolve) => {
        let open = true;
        const settle = (text, outcome) => {
          if (!open) return;
          open = false;
          withFocusKept(box, question, () => {
            question.textContent = text;
            actions.remove();
            failure.remove();
          });
          resolve(outcome);
        };
        const enable = (enabled) => {
          allow.disabled = deny.disabled = remember.disabled = !enabled;
        };
        const answer = (decision) => {
          enable(false);
          failure.hidden = true;
          decide(decision, remember.checked).then(
            (outcome) => settle(t(decision === "allow" ? "allowedTool" : "deniedTool", { tool }), outcome),
            (e) => {
              if (!open) return;
              // Decided already (by a try whose answer was lost, by expiry) or withdrawn: the run says what came of it.
              if (e instanceof ApiError && (e.status === 404 || e.status === 409)) return settle(t("notDecidedHere", { why: explain(e), tool }), null);
              // Lost or refused: the run still waits on the server, so the learner decides again.
              failure.textContent = t("couldNotSendDecision", { why: explain(e) });
              failure.hidden = false;
              withFocusKept(box, decision === "allow" ? allow : deny, () => enable(true));
            },
          );
        };
        allow.addEventListener("click", () => answer("allow"));
        deny.addEventListener("click", () => answer("deny"));
        whenAborted(stopped, () => settle(t("cancelledTool", { tool }), null));
      });
    },
    /** An MCP server the run went on without until someone authorizes it: a Connect button (once per answer). */
    authorizationRequired({ server }) {
      if (authorizations.has(server)) return;
      authorizations.add(server);
      const line = make("li", { className: "authorization", text: t("needsAuthorization", { server }) });
      line.append(" ", connectControl(server, connectMcp, "link"));
      activity.append(line);
      follow();
    },
    /** How an MCP server's question was settled, when not from this form (it expired, the run stopped). */
    inputSettled({ inputId, action, by }) {
      const open = questions.get(inputId);
      if (!open) return;
      questions.delete(inputId);
      open.settle(t(by === "expiry" ? "expired" : SETTLED[action]));
    },
    /** An MCP server's question (elicitation) as a form; resolves with the answer's outcome, or null when it was settled otherwise or withdrawn by `stopped`. */
    input({ inputId, server, message, requestedSchema }, send, stopped) {
      const box = make("li", { className: "input-request" });
      const question = make("p", { text: t("serverAsks", { server, message }) });
      const form = make("form", { attrs: { "aria-label": t("answerServer", { server }) } });
      const { fields, unsupported, content } = schemaFields(requestedSchema);
      const accept = make("button", { className: "primary", text: t("accept"), attrs: { type: "submit" } });
      const decline = make("button", { text: t("decline"), attrs: { type: "button" } });
      const cancel = make("button", { text: t("cancel"), attrs: { type: "button" } });
      const actions = make("div", { className: "actions" });
      actions.append(accept, decline, cancel);
      const failure = make("p", { className: "failed", attrs: { role: "alert" } });
      failure.hidden = true;
      form.append(...fields);
      if (unsupported.length) form.append(make("p", { className: "hint", text: t("cannotAskFor", { fields: unsupported.join(", ") }) }));
      form.append(actions, failure);
      box.append(question, form);
      activity.append(box);
      follow();
      (form.querySelector("input, select, textarea") ?? accept).focus();
      const settle = (how) =>
        withFocusKept(box, question, () => {
          question.textContent = t("settledQuestion", { how, server, message });
          form.remove();
        });
      questions.set(inputId, { settle });
      return new Promise((resolve, reject) => {
        const enable = (enabled) => {
          for (const control of form.elements) control.disabled = !enabled;
        };
        const answer = (action) => {
          enable(false);
          failure.hidden = true;
          send(action, action === "accept" ? content() : undefined).then(
            (outcome) => {
              // Withdrawn meanwhile (the run was cancelled): already settled.
              if (!questions.delete(inputId)) return;
              settle(t(SETTLED[action]));
              resolve(outcome);
            },
            (e) => {
              if (!questions.has(inputId)) return;
              // The question is settled already (answered by a try whose answer was lost, expired) or gone: the run goes on.
              if (e instanceof ApiError && (e.status === 404 || e.status === 409)) {
                questions.delete(inputId);
                settle(t("notAnsweredHere", { why: explain(e) }));
                return resolve(null);
              }
              // Lost (a network error: the server may have taken it) or refused: the form stays, and the same answer
              // sent again carries the same Idempotency-Key, so the server takes it once.
              failure.textContent = t("couldNotSendAnswer", { why: explain(e) });
              failure.hidden = false;
              withFocusKept(box, { accept, decline, cancel }[action], () => enable(true));
            },
          );
        };
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          if (form.reportValidity()) answer("accept");
        });
        decline.addEventListener("click", () => answer("decline"));
        cancel.addEventListener("click", () => answer("cancel"));
        whenAborted(stopped, () => {
          if (!questions.delete(inputId)) return;
          settle(t("cancelled"));
          resolve(null);
        });
      });
    },
    /** The run ended: the text is rendered as Markdown, and a line says how it ended. */
    done(summary = "", failed = false) {
      text.classList.remove("streaming");
      renderInto(text, raw);
      meta.textContent = summary;
      meta.classList.toggle("failed", failed);
      meta.hidden = !summary;
      item.setAttribute("aria-busy", "false");
    },
  };
}

/**
 * Runs `change` (which may remove or disable the focused control) and then focuses `target` if the focus was
 * in `box` or already lost: a keyboard or screen-reader user stays where they were, not at the page's top.
 */
function withFocusKept(box, target, change) {
  const at = document.activeElement;
  const inBox = !at || at === document.body || box.contains(at);
  change();
  if (!inBox) return;
  if (!target.matches("button, input, select, textarea")) target.tabIndex = -1;
  target.focus();
}

/** Calls `then` once `signal` is aborted (at once if it is already). */
function whenAborted(signal, then) {
  if (signal.aborted) then();
  else signal.addEventListener("abort", then, { once: true });
}

/** How an MCP server's question was settled, by the answer's action. */
const SETTLED = { accept: "answered", decline: "declined", cancel: "cancelled" };

/** How a run ended, by its status. */
const ENDED = {
  completed: "done",
  cancelled: "cancelled",
  max_steps: "stoppedAtLimit",
  awaiting_approval: "waitingForApproval",
  awaiting_input: "waitingForAnswer",
};

function summaryOf(data) {
  const how = phraseOf(ENDED, data.status);
  const tokens = data.usage?.totalTokens;
  return [how, count(data.steps, "stepOne", "stepMany"), tokens ? t("tokens", { n: tokens }) : ""].filter(Boolean).join(" · ");
}

// ---- the plan (todo list)

function renderPlan(todos) {
  ui.plan.hidden = todos.length === 0;
  const { done, total } = planProgress(todos);
  ui.planProgress.max = Math.max(total, 1);
  ui.planProgress.value = done;
  ui.planCount.textContent = t("planCount", { done, total });
  ui.planItems.replaceChildren(...todos.map((t) => make("li", { text: t.text, attrs: { "data-status": t.status } })));
}

// ---- a run

function setRunning(running) {
  ui.send.disabled = running;
  ui.cancel.disabled = !running;
  ui.sessionSelect.disabled = running;
  ui.newSession.disabled = running;
}

/** The active run's id, the first time it is known: a Cancel pressed before it goes out now. */
function runIdKnown(runId) {
  if (activeRun.runId || !runId) return;
  activeRun.runId = runId;
  if (activeRun.cancelled) cancelActiveRun();
}

/**
 * Posts the active run's cancel; a cancel that did not go through can be pressed again. One that did withdraws
 * what the run waits on (an approval, a question), as nothing streams then to say the run ended.
 */
function cancelActiveRun() {
  const run = activeRun;
  api.cancelRun(run.sessionId, run.runId).then(
    () => run.stopped.abort(),
    (e) => {
      run.cancelled = false;
      setStatus(explain(e));
    },
  );
}

/** Whether the photos to send with `input` are read (any still being read is waited for); false (and the question back in its box) when one could not be. */
async function photosRead(input) {
  if (!attachments.loading()) return true;
  setStatus(t("photoLoading"));
  if (await attachments.settled()) return true;
  // attachments.js said which photo; the learner decides whether to send without it.
  ui.topic.value ||= input;
  setStatus(`${ui.status.textContent} ${t("sendWithoutPhoto")}`);
  return false;
}

/** Sends `input` as a run and follows it; activeRun is set (by the caller) before this starts, and cleared when it ends. */
async function ask(input) {
  setRunning(true);
  let sessionId;
  try {
    if (await photosRead(input)) sessionId = currentSession() ?? (await createSession());
  } catch (e) {
    ui.topic.value ||= input;
    setStatus(explain(e));
  }
  // Cancel pressed while the photos were read or the session made: nothing is sent, and the question and its photos stay.
  if (sessionId && activeRun.cancelled) {
    ui.topic.value ||= input;
    setStatus(t("cancelledNotSent"));
    sessionId = undefined;
  }
  if (!sessionId) {
    activeRun = null;
    setRunning(false);
    return;
  }
  const images = attachments.take();
  activeRun.sessionId = sessionId;
  addUserMessage(input, images);
  const bubble = addAssistantMessage();
  setStatus(t("working"));
  let summary = "";
  let failed = false;
  let savedLesson = false;
  // What the run waits on when its stream ends: approvals, or an MCP server's question.
  let waiting = [];
  const handlers = runEventHandlers({
    started: runIdKnown,
    text: (delta) => bubble.appendText(delta),
    toolStarted: (callId, name, args) => bubble.toolStarted(callId, name, args),
    toolFinished: (callId, status) => bubble.toolFinished(callId, status),
    plan: renderPlan,
    saved: (document) => {
      savedLesson = true;
      bubble.saved(document);
    },
    note: (warning) => bubble.note(notice(warning)),
    approvalRequired: (request) => waiting.push({ approval: request }),
    inputRequired: (request) => waiting.push({ input: request }),
    inputAnswered: (answer) => bubble.inputSettled(answer),
    authorizationRequired: (request) => bubble.authorizationRequired(request),
    completed: (data) => (summary = summaryOf(data)),
    failed: (error) => {
      summary = t("failed", { message: failure(error) });
      failed = true;
    },
  });
  try {
    const started = await api.streamRun(sessionId, input, images);
    runIdKnown(started.runId);
    let events = started.events;
    // The id of the last event seen (a trace seq, or a live delta's mark): a resumed run is followed from there.
    let seq = "0";
    // A run that waits for a person ends its stream; once they decide or answer, the resumed run is followed.
    while (events) {
      waiting = [];
      for await (const { id, event, data } of events) {
        if (id) seq = id;
        handlers[event]?.(data);
      }
      events = null;
      if (summary || waiting.length === 0) break;
      const { stopped } = activeRun;
      for (const [i, { approval, input }] of waiting.entries()) {
        if (approval) {
          setStatus(t("waitingForYourApproval"));
          const decide = (decision, remember) => api.decideApproval(sessionId, approval.approvalId, decision, remember);
          const outcome = await bubble.approval(approval, decide, stopped.signal);
          if (outcome?.pendingApprovals === 0) events = await api.followRun(sessionId, outcome.runId, outcome.seq);
          // Settled otherwise, the last one: what came of the run is on its stream.
          else if (!outcome && i === waiting.length - 1) events = await api.followRun(sessionId, activeRun.runId, seq);
        } else {
          setStatus(t("waitingForYourAnswer", { server: input.server }));
          // One key per answer given: a retry of the same answer after a failure is the same attempt.
          const keys = attemptKeys();
          const send = (action, content) => api.answerInput(sessionId, input.inputId, action, content, keys.keyFor({ action, content }));
          await bubble.input(input, send, stopped.signal);
          events = await api.followRun(sessionId, activeRun.runId, seq);
        }
        // Cancelled: the rest are withdrawn too, and the run's stream ends it.
        if (stopped.signal.aborted) {
          events ??= await api.followRun(sessionId, activeRun.runId, seq);
          break;
        }
      }
      setStatus(t("working"));
    }
    if (!summary) summary = t("streamEndedEarly");
  } catch (e) {
    summary = explain(e);
    failed = true;
  } finally {
    activeRun = null;
    bubble.done(summary, failed);
    // Cancel is disabled now: the focus goes where the next question is typed rather than to the page's top.
    const onCancel = document.activeElement === ui.cancel;
    setRunning(false);
    if (onCancel) ui.topic.focus();
    setStatus(failed ? t("runDidNotFinish") : summary);
  }
  if (savedLesson) await refreshLessons();
}

// ---- lessons

async function refreshLessons() {
  let lessons = [];
  try {
    lessons = await api.listLessons();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) setStatus(explain(e));
  }
  ui.lessonsEmpty.hidden = lessons.length > 0;
  ui.lessonList.replaceChildren(
    ...lessons.map((l) => {
      const button = make("button", { attrs: { type: "button", "data-key": l.key } });
      const date = l.createdAt ? new Date(l.createdAt).toLocaleDateString() : "";
      button.append(
        make("span", { className: "title", text: l.title || l.key, attrs: { dir: "auto" } }),
        make("span", { className: "meta", text: [l.topic, date].filter(Boolean).join(" · ") }),
      );
      button.addEventListener("click", () => openLesson(l.key));
      const item = make("li");
      item.append(button);
      return item;
    }),
  );
}

/** The lesson on show: what the download buttons save. */
let openedLesson = null;
/** The control that opened the lesson on show: Close gives it the focus back. */
let lessonOpener = null;

/** Chapters and sections as a table of contents; each heading gets an id to link to. */
function renderToc() {
  const headings = [...ui.lessonBody.querySelectorAll("h2, h3")];
  const items = headings.map((h, i) => {
    h.id = `lesson-section-${i + 1}`;
    const item = make("li", { className: h.tagName === "H3" ? "sub" : "" });
    item.append(make("a", { text: h.textContent, attrs: { href: `#${h.id}` } }));
    return item;
  });
  ui.lessonToc.querySelector("ol").replaceChildren(...items);
  ui.lessonToc.hidden = items.length === 0;
}

function download(filename, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = make("a", { attrs: { href: url, download: filename } });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The lesson as one self-contained HTML file: its sanitized body (math already MathML, code already
 * coloured, the answer forms left out) in its own direction and language (none when it is not known), with
 * a small print-friendly style and lesson.css written in, so it opens offline from a file.
 */
async function standaloneHtml(title, body) {
  const copy = body.cloneNode(true);
  for (const form of copy.querySelectorAll(".exercise-answer, .exercise-forms")) form.remove();
  const lessonCss = await (await fetch("/lesson.css")).text();
  const style =
    "body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}h2{break-before:page}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.3rem .5rem}pre{white-space:pre-wrap;background:#f4f4f2;padding:.6rem}" +
    "@media (prefers-color-scheme:dark){body{background:#151515;color:#ececec}pre{background:#1f1f1f}a{color:#8ab4f8}}";
  const lang = body.lang ? ` lang="${escapeHtml(body.lang)}"` : "";
  return `<!doctype html>\n<html${lang} dir="${body.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}\n${lessonCss}</style></head><body>${copy.innerHTML}</body></html>\n`;
}

/** Counts the learner's choices of lesson (and closings): a lesson still loading when another is chosen is dropped. */
let lessonChoice = 0;

/** Opens a lesson; `share`: the token of a chat's link, which reads it without an API key (and without its exercises, which need a learner). */
async function openLesson(key, share) {
  const choice = ++lessonChoice;
  const chosen = () => choice === lessonChoice;
  const opener = document.activeElement;
  try {
    const shared = share ? await api.getSharedLesson(key, share) : undefined;
    const markdown = shared ? shared.markdown : await api.getLesson(key);
    if (!chosen()) return;
    openedLesson = { key, markdown, ...(share ? { share } : {}) };
    lessonOpener = opener;
    // A shared lesson is read without a key: its deck, like the rest of the API, would need one.
    ui.downloadDeck.hidden = Boolean(share);
    ui.lessonTitle.textContent = key;
    renderInto(ui.lessonBody, markdown);
    // The lesson shown before may have declared another; this one's language arrives with its exercises.
    declareLessonLanguage(undefined);
    // The contents list reads the way the lesson does (right to left for an Arabic lesson).
    ui.lessonToc.dir = ui.lessonBody.dir;
    // Wide code scrolls sideways: keyboard users must be able to reach it.
    for (const pre of ui.lessonBody.querySelectorAll("pre")) pre.tabIndex = 0;
    renderToc();
    // Focus moves now, not once the exercises arrive: by then the learner may have moved on.
    ui.lessonView.hidden = false;
    ui.lessonView.focus();
    ui.lessonView.scrollIntoView({ block: "start" });
    if (shared) declareLessonLanguage(shared.language);
    else await showExercises(key, chosen);
  } catch (e) {
    if (chosen()) setStatus(t("couldNotOpen", { key, why: explain(e) }));
  }
}

/**
 * The lesson's language (a BCP 47 tag) on its body and contents list, for screen readers' voices and CJK
 * glyphs (WCAG 3.1.2); none when it is not known, so they read as the page does rather than as a guess.
 */
function declareLessonLanguage(language) {
  for (const element of [ui.lessonBody, ui.lessonToc.querySelector("ol")]) {
    if (language) element.lang = language;
    else element.removeAttribute("lang");
  }
}

// ---- exercises in the lesson reader, answered as the current session (the learner)

/** Adds the lesson's answer forms, unless `chosen()` says another lesson was chosen meanwhile. */
async function showExercises(key, chosen) {
  ui.lessonProgress.hidden = true;
  let set;
  try {
    set = await api.getExercises(key);
  } catch (e) {
    // A document that is not a lesson with exercises simply has none to answer.
    if (e instanceof ApiError && e.status === 404) return;
    throw e;
  }
  if (!set.exercises.length || !chosen()) return;
  // The language the Worker read from the lesson's headings (docs/api.md): the page has no vocabulary of its own.
  declareLessonLanguage(set.exercises.find((e) => e.language)?.language);
  attachExercises(ui.lessonBody, set.exercises, async (exerciseId, answer, idempotencyKey) => {
    // The learner is the session current when the answer is sent (the person may have switched since the lesson opened).
    const learner = currentSession() ?? undefined;
    const graded = await api.answerExercise(key, exerciseId, answer, learner, idempotencyKey);
    if (learner) showProgress(learner, key, set.exercises.length);
    return graded;
  });
  const learner = currentSession();
  if (learner) showProgress(learner, key, set.exercises.length);
}

/**
 * Reads the learner's progress into the lesson's line and the panel, in the background: a read that fails is
 * said on its own, not as a failure of the answer graded or the lesson opened before it.
 */
function showProgress(learner, key, exerciseCount) {
  const read = async () => {
    ui.lessonProgress.textContent = t("progressOfLesson", { line: progressLine(await api.learnerProgress(learner), key, exerciseCount) });
    ui.lessonProgress.hidden = false;
    await progressPanel.refresh();
  };
  read().catch((e) => setStatus(t("couldNotReadProgress", { why: explain(e) })));
}

// ---- courses

/** The list's failure on show in the course status, if any: a list read since (with a token entered) takes it away. */
let courseListError = "";

async function refreshCourses() {
  try {
    const courses = await Promise.all((await api.listCourses()).map((c) => api.getCourse(c.id)));
    if (ui.courseStatus.textContent === courseListError) ui.courseStatus.textContent = "";
    courseListError = "";
    ui.coursesEmpty.hidden = courses.length > 0;
    progressPanel.setCourses(courses);
    // A course whose details were open stays open.
    const open = new Set([...ui.courseList.querySelectorAll("li[data-course]:has(details[open])")].map((li) => li.dataset.course));
    ui.courseList.replaceChildren(
      ...courses.map((c) => {
        const item = courseItem(
          c,
          (key) => void openLesson(key),
          () =>
            api.deck("course", c.id).then(
              ({ filename, text }) => download(filename, "text/plain", text),
              (e) => setStatus(explain(e)),
            ),
          async () => {
            const resumed = await api.resumeCourse(c.id);
            ui.courseStatus.textContent = t("courseResumed", { topic: resumed.topic });
            return resumed;
          },
        );
        if (open.has(c.id)) item.querySelector("details").open = true;
        return item;
      }),
    );
  } catch (e) {
    ui.courseStatus.textContent = courseListError = t("couldNotListCourses", { why: explain(e) });
  }
}

/** One Idempotency-Key per submission of the form, the same for a retry of it (courses.js). */
const submitCourse = courseCreator(api);

async function createCourse() {
  // Disabled until the server answers: a second click is not a second course.
  ui.createCourse.disabled = true;
  ui.courseStatus.textContent = t("creating");
  try {
    const { body } = await submitCourse({
      topic: ui.courseTopic.value,
      level: ui.courseLevel.value,
      cron: ui.courseCron.value,
      deliverTo: ui.courseDeliver.value,
      target: ui.courseTarget.value,
      language: spokenLanguage(),
    });
    ui.courseTopic.value = "";
    ui.courseStatus.textContent = t("courseCreated", { topic: body.topic });
    await refreshCourses();
  } catch (e) {
    if (e instanceof CourseFormError) {
      ui.courseStatus.textContent = e.message;
      ({ topic: ui.courseTopic, cron: ui.courseCron, target: ui.courseTarget })[e.field]?.focus();
    } else ui.courseStatus.textContent = t("couldNotCreateCourse", { why: explain(e) });
  } finally {
    ui.createCourse.disabled = false;
  }
}

// ---- MCP servers

async function refreshMcpServers() {
  try {
    const servers = await api.listMcpServers();
    // The line may hold a failure from before (a token entered since).
    ui.mcpEmpty.textContent = t("noMcpServers");
    ui.mcpEmpty.hidden = servers.length > 0;
    ui.mcpList.replaceChildren(...servers.map((server) => serverItem(server, connectMcp)));
  } catch (e) {
    ui.mcpEmpty.hidden = false;
    ui.mcpEmpty.textContent = t("couldNotReadMcp", { why: explain(e) });
  }
}

/** Connections being started, by server: the panel's button and an answer's for the same server share one. */
const connecting = new Map();

/** Starts authorizing `name`; rejects with what to show beside the button (connectControl) when it fails. */
function connectMcp(name) {
  if (!connecting.has(name)) {
    const started = connectServer(api, name, () => void refreshMcpServers()).then(
      () => setStatus(t("authorizeInWindow", { name })),
      (e) => {
        throw new Error(explain(e));
      },
    );
    connecting.set(name, started);
    void started.finally(() => connecting.delete(name)).catch(() => {});
  }
  return connecting.get(name);
}

// ---- wiring

ui.token.value = localStorage.getItem(KEYS.token) ?? "";
ui.token.addEventListener("change", () => {
  const token = ui.token.value.trim();
  if (token) localStorage.setItem(KEYS.token, token);
  else localStorage.removeItem(KEYS.token);
  void refreshLessons();
  void refreshCourses();
  void refreshMcpServers();
});

ui.sessionSelect.addEventListener("change", () => {
  rememberSession(ui.sessionSelect.value);
  showSession(ui.sessionSelect.value).catch((e) => setStatus(explain(e)));
  void progressPanel.refresh();
});
// Disabled until the session exists: a double click makes one session, not two.
ui.newSession.addEventListener("click", () => {
  ui.newSession.disabled = true;
  createSession()
    .catch((e) => setStatus(explain(e)))
    // Still disabled if a run started meanwhile (setRunning disables both).
    .finally(() => (ui.newSession.disabled = ui.send.disabled));
});

ui.composer.addEventListener("submit", (event) => {
  event.preventDefault();
  const input = ui.topic.value.trim();
  if (!input || activeRun) return;
  // Set before anything is awaited (a photo being read, the session, the run's headers): Enter again is refused.
  activeRun = { sessionId: null, runId: null, stopped: new AbortController() };
  ui.topic.value = "";
  void ask(input);
});
// Enter sends, Shift+Enter starts a new line.
ui.topic.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    ui.composer.requestSubmit();
  }
});
ui.cancel.addEventListener("click", () => {
  if (!activeRun || activeRun.cancelled) return;
  setStatus(t("cancelling"));
  activeRun.cancelled = true;
  if (activeRun.runId) cancelActiveRun();
});

ui.refreshLessons.addEventListener("click", () => void refreshLessons());
ui.refreshCourses.addEventListener("click", () => void refreshCourses());
ui.refreshMcp.addEventListener("click", () => void refreshMcpServers());
ui.courseDeliver.addEventListener("change", () => {
  ui.courseTargetField.hidden = ui.courseDeliver.value === "";
  ui.courseTarget.required = ui.courseDeliver.value !== "";
});
ui.courseForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void createCourse();
});
ui.closeLesson.addEventListener("click", () => {
  lessonChoice++;
  ui.lessonView.hidden = true;
  // Focus goes back to what opened the lesson, or (gone with a refreshed list, or none) to its button in the list.
  const opener = lessonOpener?.isConnected && lessonOpener !== document.body && !ui.lessonView.contains(lessonOpener) ? lessonOpener : null;
  const listed = openedLesson && ui.lessonList.querySelector(`button[data-key="${CSS.escape(openedLesson.key)}"]`);
  (opener ?? listed ?? ui.topic).focus();
  openedLesson = lessonOpener = null;
});
ui.downloadMarkdown.addEventListener("click", () => openedLesson && download(openedLesson.key, "text/markdown", openedLesson.markdown));
ui.downloadHtml.addEventListener("click", () => {
  if (!openedLesson) return;
  const title = ui.lessonBody.querySelector("h1")?.textContent ?? openedLesson.key;
  void standaloneHtml(title, ui.lessonBody).then((html) => download(openedLesson.key.replace(/\.[a-z]+$/, ".html"), "text/html", html));
});
ui.printLesson.addEventListener("click", () => window.print());
ui.downloadDeck.addEventListener("click", () => {
  if (!openedLesson) return;
  api.deck("lesson", openedLesson.key).then(
    ({ filename, text }) => download(filename, "text/plain", text),
    (e) => setStatus(explain(e)),
  );
});
ui.shareLesson.addEventListener("click", async () => {
  if (!openedLesson) return;
  try {
    const share = openedLesson.share ?? (await api.shareLesson(openedLesson.key));
    const url = `${location.origin}${location.pathname}?lesson=${encodeURIComponent(openedLesson.key)}#share=${encodeURIComponent(share)}`;
    // Copied where the browser lets it, and shown either way, so it can be copied by hand.
    await navigator.clipboard?.writeText(url).catch(() => {});
    setStatus(t("sharedLink", { url }));
  } catch (e) {
    setStatus(explain(e));
  }
});
ui.refreshProgress.addEventListener("click", () => void progressPanel.refresh());
// A lesson link in an answer opens in the lesson pane (with the API token), not as a raw file.
ui.transcript.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  const key = link ? savedLessonKey(new URL(link.href, location.href).pathname) : null;
  if (!key) return;
  event.preventDefault();
  void openLesson(key);
});

/**
 * ?session=<id> names a session from a link. Whoever wrote the link chose it, and could read what is sent
 * into it, so a session this browser has not used before opens only once the person confirms.
 */
function confirmLinkedSession(id) {
  ui.linkedSessionText.textContent = t("linkedSession", { id });
  ui.linkedSession.hidden = false;
  ui.linkedSessionOpen.focus();
  const settle = (open) => {
    ui.linkedSession.hidden = true;
    history.replaceState(null, "", location.pathname);
    if (!open) return ui.topic.focus();
    rememberSession(id);
    showSession(id).catch((e) => setStatus(explain(e)));
  };
  ui.linkedSessionOpen.onclick = () => settle(true);
  ui.linkedSessionStay.onclick = () => settle(false);
}

async function start() {
  const fromUrl = new URLSearchParams(location.search).get("session");
  // ?lesson=<key>: a chat's link to a lesson whose formulas it could not show; reading it is harmless.
  const lesson = new URLSearchParams(location.search).get("lesson");
  // #share=<token>: that link's token, which opens the lesson for a learner without an API key, so first.
  const share = new URLSearchParams(location.hash.slice(1)).get("share");
  if (lesson && share) await openLesson(lesson, share);
  if (fromUrl && storedSessions().includes(fromUrl)) rememberSession(fromUrl);
  renderSessionOptions();
  try {
    if (currentSession()) await showSession(currentSession());
    else await createSession();
  } catch (e) {
    // A learner who came for a shared lesson has no key: the rest of the page is not theirs, and not an error.
    if (share && e instanceof ApiError && e.status === 401) return;
    setStatus(explain(e));
  }
  if (fromUrl && !storedSessions().includes(fromUrl)) confirmLinkedSession(fromUrl);
  await Promise.all([refreshLessons(), refreshCourses(), refreshMcpServers()]);
  await progressPanel.refresh();
  if (lesson && !share) await openLesson(lesson);
}

void start();
