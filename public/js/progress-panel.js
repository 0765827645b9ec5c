// The "Your progress" panel: the current session's progress as charts (progress-charts.js), for all its
// lessons or one course's (its lessons' keys narrow the report: GET /v1/learners/:id/progress?lessons=…).
import { explain } from "./explain.js";
import { progressCharts } from "./progress-charts.js";
import { t } from "./i18n.js";

/**
 * @param {{ api: ReturnType<import("./api.js").createApi>, learner: () => string | null, select: HTMLSelectElement, charts: HTMLElement, summary: HTMLElement }} parts
 */
export function createProgressPanel({ api, learner, select, charts, summary }) {
  /** Each course's lesson keys, by course id. */
  let courses = new Map();
  /** Counts the reads: only the last one asked for (the choice in Show now) is drawn, whichever answers last. */
  let reads = 0;
  /** Reads the progress for the choice in Show; a read that fails says why in place of figures for another choice. */
  const refresh = async () => {
    const id = learner();
    if (!id) return;
    const read = ++reads;
    const lessons = select.value ? (courses.get(select.value) ?? []) : undefined;
    let progress;
    try {
      progress = await api.learnerProgress(id, lessons);
    } catch (e) {
      if (read !== reads) return;
      // A session that has answered nothing has no learner yet.
      summary.textContent = e?.status === 404 ? t("noAnswersYet") : t("couldNotReadProgress", { why: explain(e) });
      charts.replaceChildren();
      return;
    }
    if (read !== reads) return;
    summary.textContent = progress.answered
      ? t("progressSummary", { answers: progress.answered, percent: Math.round(progress.accuracy * 100), due: progress.dueReviews })
      : t("noAnswersYet");
    charts.replaceChildren(...(progress.answered ? progressCharts(progress) : []));
  };
  select.addEventListener("change", () => void refresh());
  return {
    refresh,
    /** The courses to choose from (GET /v1/courses/:id views). */
    setCourses(list) {
      courses = new Map(list.map((c) => [c.id, (c.lessons ?? []).map((l) => l.key)]));
      const chosen = select.value;
      const options = [...select.options].slice(0, 1);
      for (const c of list) options.push(new Option(t("courseOption", { topic: c.topic }), c.id));
      select.replaceChildren(...options);
      if (courses.has(chosen)) select.value = chosen;
    },
  };
}
