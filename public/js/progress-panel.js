// The "Your progress" panel: the current session's progress as charts (progress-charts.js), for all its
// lessons or one course's (its lessons' keys narrow the report: GET /v1/learners/:id/progress?lessons=…).
import { progressCharts } from "./progress-charts.js";
import { t } from "./i18n.js";

/**
 * @param {{ api: ReturnType<import("./api.js").createApi>, learner: () => string | null, select: HTMLSelectElement, charts: HTMLElement, summary: HTMLElement }} parts
 */
export function createProgressPanel({ api, learner, select, charts, summary }) {
  /** Each course's lesson keys, by course id. */
  let courses = new Map();
  const refresh = async () => {
    const id = learner();
    if (!id) return;
    const lessons = select.value ? (courses.get(select.value) ?? []) : undefined;
    try {
      const progress = await api.learnerProgress(id, lessons);
      summary.textContent = progress.answered
        ? t("progressSummary", { answers: progress.answered, percent: Math.round(progress.accuracy * 100), due: progress.dueReviews })
        : t("noAnswersYet");
      charts.replaceChildren(...(progress.answered ? progressCharts(progress) : []));
    } catch (e) {
      // A session that has answered nothing has no learner yet.
      if (e?.status !== 404) throw e;
      summary.textContent = t("noAnswersYet");
      charts.replaceChildren();
    }
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
