// Redaction of secrets before anything is written to the audit trace (or sent to webhook hooks):
// the exact values of the configured secrets, well-known credential shapes (API keys, bearer
// tokens, bot tokens, the user and password of a URL), and the string values of fields whose names
// say they hold a secret.
export const REDACTED = "[REDACTED]";

/** The authority of a URL from after its `//`: up to a path, query, fragment, space, quote or bracket. */
const AUTHORITY = /[^\s/?#"'<>\\]*/y;

const isLetter = (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** `[a-z0-9+.-]`, any case. */
const isSchemeChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 0x2b || c === 0x2e || c === 0x2d;
/** `\w`: what a word boundary `\b` looks at. */
const isWordChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 0x5f;

/**
 * `text` with the credentials of every URL in it replaced: for URLs shown or stored outside the trace (tool outputs, logs).
 * A URL's userinfo (`http://user:password@host`, `https://token@host`) is whatever stands between the scheme's `//` and
 * the last `@` of the authority; the scheme and host stay, so the URL stays readable. Found from each `://`, not by an
 * expression: one read the scheme again from each letter of a long run of them (`A+A+…`), in time in the square of its length.
 */
export function redactUrlCredentials(text: string): string {
  let out = "";
  let copied = 0; // the end of the last match, where the next may start
  for (let sep = text.indexOf("://"); sep >= 0; sep = text.indexOf("://", sep + 1)) {
    // A scheme: from a letter after a word boundary, scheme characters up to `://`.
    let start = sep;
    while (start > copied && isSchemeChar(text.charCodeAt(start - 1))) start--;
    while (start < sep && !(isLetter(text.charCodeAt(start)) && (start === 0 || !isWordChar(text.charCodeAt(start - 1))))) start++;
    if (start === sep) continue;
    AUTHORITY.lastIndex = sep + 3;
    const userinfo = AUTHORITY.exec(text)![0].lastIndexOf("@");
    if (userinfo < 0) continue;
    out += `${text.slice(copied, sep + 3)}${REDACTED}@`;
    copied = sep + 3 + userinfo + 1;
    sep = copied - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Credential shapes that are secret wherever they appear. */
const SECRET_PATTERNS: RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{16,}/g, // OpenAI, Anthropic and OpenAI-compatible API keys
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\bgh[pousr]_[A-Za-z0-9]{30,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{30,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API keys
  /\b\d{6,12}:[A-Za-z0-9_-]{30,}/g, // Telegram bot tokens
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWTs
];
/** `Bearer <token>` and `Basic <credentials>`: the scheme stays, the credential goes. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
/**
 * One scan that says whether any of the above could match: most strings of a trace hold none, and
 * nine replace scans per string were a measurable share of a run's CPU (BENCHMARKS.md, free plan).
 */
const ANY_PATTERN = new RegExp(SECRET_PATTERNS.map((re) => re.source).join("|"));
const ANY_AUTH_SCHEME = new RegExp(AUTH_SCHEME.source, "i");
/** Field names whose string values are secret whatever they look like. */
const SECRET_FIELD =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|secret|client[-_]?secret|password|passwd|access[-_]?token|refresh[-_]?token|token|private[-_]?key)$/i;
/** Shorter configured values are not redacted by value: they would blank out ordinary words. */
export const MIN_SECRET_CHARS = 6;

export type Redactor = <T>(value: T) => T;

/** A redactor for these secret values (plus the built-in patterns). */
export function createRedactor(secretValues: Iterable<string> = []): Redactor {
  // Longest first, so a secret that contains another is replaced whole.
  const values = [...new Set([...secretValues].filter((v) => v.length >= MIN_SECRET_CHARS))].sort((a, b) => b.length - a.length);
  const text = (s: string): string => {
    let out = s;
    for (const v of values) if (out.includes(v)) out = out.split(v).join(REDACTED);
    out = redactUrlCredentials(out);
    if (!ANY_PATTERN.test(out) && !ANY_AUTH_SCHEME.test(out)) return out;
    for (const re of SECRET_PATTERNS) out = out.replace(re, REDACTED);
    return out.replace(AUTH_SCHEME, (_m, scheme: string) => `${scheme} ${REDACTED}`);
  };
  // Copy on write: a value comes back as it is unless something in it was redacted, so the trace's
  // events (most hold no secret) are not rebuilt object by object.
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === "string") return text(value);
    if (!value || typeof value !== "object" || depth > 32) return value;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        const w = walk(v, depth + 1);
        if (w !== v) (out ??= value.slice())[i] = w;
      }
      return out ?? value;
    }
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const w = typeof v === "string" && v !== "" && SECRET_FIELD.test(k) ? REDACTED : walk(v, depth + 1);
      if (w !== v) (out ??= { ...value })[k] = w;
    }
    return out ?? value;
  };
  return <T>(value: T) => walk(value, 0) as T;
}
