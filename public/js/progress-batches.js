// A course's progress asked for in batches of its lesson keys: a year of daily lessons fits neither one
// URL (the edge refuses one past 16 KB) nor, past the server's PROGRESS_LESSONS_MAX, one request. Each
// batch's report counts only its own lessons, so the reports add up into the one a single request gives.

/** Keys per request: within any PROGRESS_LESSONS_MAX (the setting is at least 100). */
const BATCH_KEYS = 100;
/** Characters of one request's `lessons=` value: well inside a URL's limit. */
const BATCH_CHARS = 6000;

/** URL-encoded `keys` in batches that each fit one request, in order; [] for none. */
export function keyBatches(keys) {
  const batches = [];
  let batch = [];
  let chars = 0;
  for (const key of keys) {
    if (batch.length && (batch.length === BATCH_KEYS || chars + key.length + 1 > BATCH_CHARS)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(key);
    chars += key.length + 1;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

const ratio = (n, d) => (d === 0 ? 0 : Math.round((n / d) * 1000) / 1000);

/** The first report's days, each with the counts of every report for that day added up. */
function addDays(reports, field, counts) {
  const byDay = new Map(reports[0][field].map((d) => [d.day, { ...d }]));
  for (const report of reports.slice(1))
    for (const d of report[field]) {
      const total = byDay.get(d.day);
      if (total) for (const count of counts) total[count] += d[count];
    }
  return [...byDay.values()];
}

/** One progress report of the batches' reports (the streak is the learner's, the same in each). */
export function mergedProgress(reports) {
  const sum = (field) => reports.reduce((n, r) => n + r[field], 0);
  const answered = sum("answered");
  const correct = sum("correct");
  return {
    answered,
    correct,
    accuracy: ratio(correct, answered),
    streakDays: reports[0].streakDays,
    dueReviews: sum("dueReviews"),
    byLesson: reports.flatMap((r) => r.byLesson).sort((a, b) => b.lastAnsweredAt.localeCompare(a.lastAnsweredAt)),
    // Every batch's weak concepts, the most missed first.
    weakConcepts: reports.flatMap((r) => r.weakConcepts).sort((a, b) => b.misses - a.misses || a.term.localeCompare(b.term)),
    daily: addDays(reports, "daily", ["answered", "correct"]),
    reviewsAhead: addDays(reports, "reviewsAhead", ["due"]),
  };
}
