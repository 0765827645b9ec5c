// Small statistics helpers shared by the bench scripts.
export const sorted = (xs) => [...xs].sort((a, b) => a - b);

/** Quantile by linear interpolation between closest ranks (q in [0, 1]). */
export function quantile(xs, q) {
  if (!xs.length) return NaN;
  const s = sorted(xs);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export const median = (xs) => quantile(xs, 0.5);
export const round = (x, d = 3) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : null);
export const fmt = (x, d = 2) => (x == null || !Number.isFinite(x) ? "-" : x.toFixed(d));

/** median [p25–p75] of samples, formatted. */
export function spread(xs, d = 2) {
  return `${fmt(median(xs), d)} [${fmt(quantile(xs, 0.25), d)}–${fmt(quantile(xs, 0.75), d)}]`;
}
