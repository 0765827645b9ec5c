// The learner's progress as charts, drawn as SVG from GET /v1/learners/:id/progress: answers and accuracy
// per day, reviews due in the coming days (the FSRS schedule), and the weak concepts. Each chart is a
// figure whose SVG is one labelled image (role="img", a summary as its name), followed by its numbers in a
// table under a <details>, so a screen reader or a keyboard reaches every value. Sizes come from the viewBox:
// the charts shrink to a phone's width. A concept's term may hold TeX ("Spannung $U$"): its label and table cell
// render it as the lesson does (renderInline: sanitized, KaTeX's MathML); the image's name, being text, reads it
// without the delimiters.
import { make } from "./dom.js";
import { t } from "./i18n.js";
import { renderInline } from "./markdown.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 140;
const PAD = { left: 28, right: 8, top: 10, bottom: 22 };
/** A weak concept's label's line height (style.css .tick-label). */
const LABEL_H = 14;

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

const shortDay = (iso) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
const pct = (x) => `${Math.round(x * 100)} %`;

/** A term as the lesson shows it, math rendered, in a `tag` element. */
function rendered(tag, term, className) {
  const node = make(tag, { className });
  node.innerHTML = renderInline(term);
  return node;
}

/** A term as text for an accessible name: its math without the `$…$`, `\(…\)` delimiters. */
const spoken = (term) => term.replace(/\$\$?([^$]+)\$\$?|\\\((.+?)\\\)/g, (_, dollars, parens) => dollars ?? parens);

/** A figure: caption, the SVG image named by `summary`, and the numbers as a table. */
function figure(id, caption, summary, chart, head, rows) {
  const fig = make("figure", { className: "chart", attrs: { "data-chart": id } });
  const captionId = `chart-${id}-caption`;
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", summary);
  chart.setAttribute("viewBox", `0 0 ${W} ${H}`);
  chart.setAttribute("preserveAspectRatio", "xMidYMid meet");
  const table = make("table");
  const thead = make("tr");
  thead.append(...head.map((h) => make("th", { text: h, attrs: { scope: "col" } })));
  // A cell is text, or a node (a rendered term).
  const cell = (tag, value, attrs) => {
    const node = make(tag, { attrs });
    node.append(value);
    return node;
  };
  table.append(
    thead,
    ...rows.map((r) => {
      const tr = make("tr");
      tr.append(cell("th", r[0], { scope: "row" }), ...r.slice(1).map((v) => cell("td", v)));
      return tr;
    }),
  );
  const details = make("details");
  details.append(make("summary", { text: t("theNumbers") }), table);
  fig.append(make("figcaption", { text: caption, attrs: { id: captionId } }), chart, details);
  fig.setAttribute("aria-labelledby", captionId);
  return fig;
}

/** Bars of `values` over `labels` (every other label when crowded), with a y axis to `max`. */
function bars(values, labels, max, className) {
  const chart = svg("svg", { class: `chart-svg ${className}` });
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(values.length, 1);
  chart.append(svg("line", { x1: PAD.left, y1: PAD.top + plotH, x2: W - PAD.right, y2: PAD.top + plotH, class: "axis" }));
  chart.append(svg("text", { x: PAD.left - 4, y: PAD.top + 8, class: "tick", "text-anchor": "end" }, String(max)));
  chart.append(svg("text", { x: PAD.left - 4, y: PAD.top + plotH, class: "tick", "text-anchor": "end" }, "0"));
  const every = Math.ceil(values.length / 8);
  values.forEach((v, i) => {
    const h = max ? (v / max) * plotH : 0;
    chart.append(svg("rect", { x: PAD.left + i * step + step * 0.15, y: PAD.top + plotH - h, width: step * 0.7, height: h, class: "bar" }));
    if (i % every === 0) chart.append(svg("text", { x: PAD.left + i * step + step / 2, y: H - 6, class: "tick", "text-anchor": "middle" }, labels[i]));
  });
  return { chart, step, plotH };
}

function answersChart(daily) {
  const max = Math.max(1, ...daily.map((d) => d.answered));
  const { chart, step, plotH } = bars(
    daily.map((d) => d.answered),
    daily.map((d) => shortDay(d.day)),
    max,
    "answers",
  );
  // Accuracy of the days with answers, as a line over the bars (0–100 % on the same height).
  const points = daily.flatMap((d, i) => (d.answered ? [[PAD.left + i * step + step / 2, PAD.top + plotH - (d.correct / d.answered) * plotH]] : []));
  if (points.length > 1) chart.append(svg("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "accuracy" }));
  for (const [x, y] of points) chart.append(svg("circle", { cx: x, cy: y, r: 3, class: "accuracy-point" }));
  const answered = daily.reduce((n, d) => n + d.answered, 0);
  const correct = daily.reduce((n, d) => n + d.correct, 0);
  const summary = t("answersSummary", { answers: answered, days: daily.length, correct, percent: pct(answered ? correct / answered : 0) });
  const rows = daily.filter((d) => d.answered).map((d) => [shortDay(d.day), String(d.answered), String(d.correct), pct(d.correct / d.answered)]);
  return figure("answers", t("answersChart"), summary, chart, [t("day"), t("answers"), t("correct"), t("accuracy")], rows);
}

function reviewsChart(ahead) {
  const max = Math.max(1, ...ahead.map((d) => d.due));
  const { chart } = bars(
    ahead.map((d) => d.due),
    ahead.map((d, i) => (i === 0 ? t("today") : shortDay(d.day))),
    max,
    "reviews",
  );
  const total = ahead.reduce((n, d) => n + d.due, 0);
  const summary = t("reviewsSummary", { total, days: ahead.length, today: ahead[0]?.due ?? 0 });
  const rows = ahead.map((d, i) => [i === 0 ? t("today") : shortDay(d.day), String(d.due)]);
  return figure("reviews", t("reviewsChart"), summary, chart, [t("day"), t("due")], rows);
}

function weakChart(weak) {
  const shown = weak.slice(0, 6);
  const max = Math.max(1, ...shown.map((c) => c.misses));
  const chart = svg("svg", { class: "chart-svg weak" });
  const rowH = Math.min(24, (H - 8) / Math.max(shown.length, 1));
  shown.forEach((c, i) => {
    const y = 4 + i * rowH;
    // HTML in the SVG, for the term's MathML; style.css cuts a long one with an ellipsis.
    const label = svg("foreignObject", { x: 4, y: y + (rowH - LABEL_H) / 2, width: 122, height: LABEL_H });
    label.append(rendered("div", c.term, "tick-label"));
    chart.append(label);
    chart.append(svg("rect", { x: 130, y: y + rowH * 0.2, width: ((W - 140) * c.misses) / max, height: rowH * 0.6, class: "bar weak-bar" }));
  });
  const summary = shown.length ? t("weakSummary", { concepts: shown.map((c) => `${spoken(c.term)} (${c.misses})`).join(", ") }) : t("noWeakConcepts");
  const rows = shown.map((c) => [rendered("span", c.term), String(c.misses), c.lessonKey]);
  return figure("weak", t("weakChart"), summary, chart, [t("concept"), t("misses"), t("lesson")], rows);
}

/** The charts of one progress report, as figures. */
export function progressCharts(progress) {
  const figures = [answersChart(progress.daily ?? []), reviewsChart(progress.reviewsAhead ?? [])];
  if (progress.weakConcepts?.length) figures.push(weakChart(progress.weakConcepts));
  return figures;
}
