// The web page: pick or create a session, ask, watch the run stream in (text, tool activity, the
// plan's progress), cancel it, and read saved lessons. It talks only to the /v1 API (api.js).
import { planProgress, savedLessonKey, toolLine } from "./activity.js";
import { ApiError, createApi } from "./api.js";
import { escapeHtml, renderMarkdown } from "./markdown.js";

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
  downloadMarkdown: $("download-markdown"),
  downloadHtml: $("download-html"),
  printLesson: $("print-lesson"),
  linkedSession: $("linked-session"),
  linkedSessionText: $("linked-session-text"),
  linkedSessionOpen: $("linked-session-open"),
  linkedSessionStay: $("linked-session-stay"),
};

const api = createApi({ token: () => localStorage.getItem(KEYS.token) || undefined });

/** The run being streamed, if any: what the cancel button stops. */
let activeRun = null;

// ---- small DOM helpers

function make(tag, { className, text, attrs } = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs ?? {})) node.setAttribute(k, v);
  return node;
}

function setStatus(text) {
  ui.status.textContent = text;
}

function explain(error) {
  if (error instanceof ApiError && error.status === 401) return "The server wants an API token: enter it under Settings.";
  return error instanceof Error ? error.message : String(error);
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
    if (m.role === "user") addUserMessage(m.content);
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

function addUserMessage(text) {
  ui.transcriptEmpty.hidden = true;
  const item = make("li", { className: "message user", text });
  ui.transcript.append(item);
  item.scrollIntoView({ block: "nearest" });
}

/** An assistant message that fills in as the run streams. */
function addAssistantMessage() {
  ui.transcriptEmpty.hidden = true;
  const item = make("li", { className: "message assistant", attrs: { "aria-busy": "true" } });
  const activity = make("ul", { className: "activity", attrs: { "aria-label": "Tool activity" } });
  const text = make("div", { className: "text streaming markdown" });
  const meta = make("p", { className: "run-meta" });
  item.append(activity, text, meta);
  ui.transcript.append(item);
  let raw = "";
  // Text before and after a tool call are separate paragraphs.
  let paragraphBreak = false;
  const calls = new Map();
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
    saved({ key, title, status, findings }) {
      const line = make("li", { className: "saved", text: `Saved “${title || key}”${status === "draft" ? " as a draft" : ""}` });
      const open = make("button", { className: "link", text: `Open ${key}`, attrs: { type: "button" } });
      open.addEventListener("click", () => openLesson(key));
      line.append(" ", open);
      if (findings?.length) {
        const list = make("ul", { className: "findings", attrs: { "aria-label": "What the validator found" } });
        list.append(...findings.map((f) => make("li", { text: f })));
        line.append(list);
      }
      activity.append(line);
      follow();
    },
    /** Asks the person about a tool call the run waits on; resolves with the decision's outcome. */
    approval({ approvalId, name, args }, decide) {
      const box = make("li", { className: "approval" });
      const question = make("p", { text: `The agent wants to run ${toolLine(name, args) ?? name}.` });
      const rememberId = `remember-${approvalId}`;
      const remember = make("input", { attrs: { type: "checkbox", id: rememberId } });
      const label = make("label", { text: "Remember for this session", attrs: { for: rememberId } });
      const allow = make("button", { className: "primary", text: "Allow", attrs: { type: "button" } });
      const deny = make("button", { text: "Deny", attrs: { type: "button" } });
      const actions = make("div", { className: "actions", attrs: { role: "group", "aria-label": `Approve ${name}?` } });
      actions.append(remember, label, allow, deny);
      box.append(question, actions);
      activity.append(box);
      follow();
      allow.focus();
      return new Promise((resolve, reject) => {
        const answer = (decision) => {
          allow.disabled = deny.disabled = remember.disabled = true;
          decide(decision, remember.checked).then((outcome) => {
            question.textContent = `${decision === "allow" ? "Allowed" : "Denied"}: ${toolLine(name, args) ?? name}`;
            actions.remove();
            resolve(outcome);
          }, reject);
        };
        allow.addEventListener("click", () => answer("allow"));
        deny.addEventListener("click", () => answer("deny"));
      });
    },
    /** The run ended: the text is rendered as Markdown, and a line says how it ended. */
    done(summary = "", failed = false) {
      text.classList.remove("streaming");
      text.innerHTML = renderMarkdown(raw);
      meta.textContent = summary;
      meta.classList.toggle("failed", failed);
      meta.hidden = !summary;
      item.setAttribute("aria-busy", "false");
    },
  };
}

function summaryOf(data) {
  const how =
    { completed: "Done", cancelled: "Cancelled", max_steps: "Stopped at the step limit", awaiting_approval: "Waiting for approval" }[data.status] ??
    data.status;
  const tokens = data.usage?.totalTokens;
  return [how, `${data.steps} step${data.steps === 1 ? "" : "s"}`, tokens ? `${tokens} tokens` : ""].filter(Boolean).join(" · ");
}

// ---- the plan (todo list)

function renderPlan(todos) {
  ui.plan.hidden = todos.length === 0;
  const { done, total } = planProgress(todos);
  ui.planProgress.max = Math.max(total, 1);
  ui.planProgress.value = done;
  ui.planCount.textContent = `${done} of ${total} done`;
  ui.planItems.replaceChildren(...todos.map((t) => make("li", { text: t.text, attrs: { "data-status": t.status } })));
}

// ---- a run

function setRunning(running) {
  ui.send.disabled = running;
  ui.cancel.disabled = !running;
  ui.sessionSelect.disabled = running;
  ui.newSession.disabled = running;
}

async function ask(input) {
  const sessionId = currentSession() ?? (await createSession());
  addUserMessage(input);
  const bubble = addAssistantMessage();
  setRunning(true);
  setStatus("Working…");
  let summary = "";
  let failed = false;
  let savedLesson = false;
  try {
    const started = await api.streamRun(sessionId, input);
    activeRun = { sessionId, runId: started.runId };
    let events = started.events;
    // A run that waits for approval ends its stream; once the person decides, the resumed run is followed.
    while (events) {
      const waiting = [];
      for await (const { event, data } of events) {
        if (event === "run.started") activeRun.runId ??= data.runId;
        else if (event === "text.delta" && !data.agent) bubble.appendText(data.delta);
        else if (event === "tool.started") bubble.toolStarted(data.callId, data.name, data.args);
        else if (event === "tool.finished") bubble.toolFinished(data.callId, data.status);
        else if (event === "document.saved") {
          savedLesson = true;
          bubble.saved(data);
        } else if (event === "todo.updated") renderPlan(data.todos);
        else if (event === "approval.required") waiting.push(data);
        else if (event === "warning") bubble.note(data.message);
        else if (event === "run.completed") summary = summaryOf(data);
        else if (event === "run.failed") {
          summary = `Failed: ${data.error?.message ?? "unknown error"}`;
          failed = true;
        }
      }
      events = null;
      if (summary || waiting.length === 0) break;
      setStatus("Waiting for your approval…");
      for (const request of waiting) {
        const outcome = await bubble.approval(request, (decision, remember) => api.decideApproval(sessionId, request.approvalId, decision, remember));
        if (outcome.pendingApprovals === 0) events = await api.followRun(sessionId, outcome.runId, outcome.seq);
      }
      setStatus("Working…");
    }
    if (!summary) summary = "The stream ended early; reload the session to see the result.";
  } catch (e) {
    summary = explain(e);
    failed = true;
  } finally {
    activeRun = null;
    bubble.done(summary, failed);
    setRunning(false);
    setStatus(failed ? "The run did not finish." : summary);
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
        make("span", { className: "title", text: l.title || l.key }),
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

/** The lesson as one self-contained HTML file: its sanitized body and a small print-friendly style. */
function standaloneHtml(title, bodyHtml) {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}h2{break-before:page}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.3rem .5rem}pre{white-space:pre-wrap}</style></head><body>${bodyHtml}</body></html>\n`;
}

async function openLesson(key) {
  try {
    const markdown = await api.getLesson(key);
    openedLesson = { key, markdown };
    ui.lessonTitle.textContent = key;
    ui.lessonBody.innerHTML = renderMarkdown(markdown);
    // Wide code scrolls sideways: keyboard users must be able to reach it.
    for (const pre of ui.lessonBody.querySelectorAll("pre")) pre.tabIndex = 0;
    renderToc();
    ui.lessonView.hidden = false;
    ui.lessonView.focus();
    ui.lessonView.scrollIntoView({ block: "start" });
  } catch (e) {
    setStatus(`Could not open ${key}: ${explain(e)}`);
  }
}

// ---- wiring

ui.token.value = localStorage.getItem(KEYS.token) ?? "";
ui.token.addEventListener("change", () => {
  const token = ui.token.value.trim();
  if (token) localStorage.setItem(KEYS.token, token);
  else localStorage.removeItem(KEYS.token);
  void refreshLessons();
});

ui.sessionSelect.addEventListener("change", () => {
  rememberSession(ui.sessionSelect.value);
  showSession(ui.sessionSelect.value).catch((e) => setStatus(explain(e)));
});
ui.newSession.addEventListener("click", () => createSession().catch((e) => setStatus(explain(e))));

ui.composer.addEventListener("submit", (event) => {
  event.preventDefault();
  const input = ui.topic.value.trim();
  if (!input || activeRun) return;
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
  if (!activeRun?.runId) return;
  setStatus("Cancelling…");
  api.cancelRun(activeRun.sessionId, activeRun.runId).catch((e) => setStatus(explain(e)));
});

ui.refreshLessons.addEventListener("click", () => void refreshLessons());
ui.closeLesson.addEventListener("click", () => {
  ui.lessonView.hidden = true;
  openedLesson = null;
});
ui.downloadMarkdown.addEventListener("click", () => openedLesson && download(openedLesson.key, "text/markdown", openedLesson.markdown));
ui.downloadHtml.addEventListener("click", () => {
  if (!openedLesson) return;
  const title = ui.lessonBody.querySelector("h1")?.textContent ?? openedLesson.key;
  download(openedLesson.key.replace(/\.[a-z]+$/, ".html"), "text/html", standaloneHtml(title, ui.lessonBody.innerHTML));
});
ui.printLesson.addEventListener("click", () => window.print());
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
  ui.linkedSessionText.textContent = `A link asks to open session “${id}”. Whoever made the link may read what you send there. Open it?`;
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
  if (fromUrl && storedSessions().includes(fromUrl)) rememberSession(fromUrl);
  renderSessionOptions();
  try {
    if (currentSession()) await showSession(currentSession());
    else await createSession();
  } catch (e) {
    setStatus(explain(e));
  }
  if (fromUrl && !storedSessions().includes(fromUrl)) confirmLinkedSession(fromUrl);
  await refreshLessons();
}

void start();
