// The on-disk format of a skill package, shared by the Worker (which reads skills through the
// static-assets binding) and scripts/build-skills-manifest.mjs (which runs this file under Node's
// type stripping, so it keeps to erasable TypeScript and imports nothing: the script stays fast).
//
// SKILL.md opens with a small, strict subset of YAML front matter: only `name`, `description` and
// `tags`, one `key: value` per line. A hand-written parser of ~60 lines keeps a YAML library out of
// the Worker bundle, and strictness keeps every SKILL.md readable by any real YAML parser too.
export const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_DESCRIPTION = 300;

export interface SkillFrontMatter {
  name: string;
  description: string;
  tags: string[];
}

/** Splits a SKILL.md into its front matter and its body (the instructions the model reads). */
export function parseSkillFile(text: string): { frontMatter: SkillFrontMatter; body: string } {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (lines[0] !== "---") throw new Error("SKILL.md must start with a front matter line `---`");
  const end = lines.indexOf("---", 1);
  if (end < 0) throw new Error("the front matter has no closing `---` line");

  const fields = new Map<string, string | string[]>();
  for (let i = 1; i < end; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const m = /^([a-z]+):(?: (.*))?$/.exec(line);
    if (!m) throw new Error(`front matter line ${i + 1} is not \`key: value\`: ${line}`);
    const key = m[1]!;
    if (key !== "name" && key !== "description" && key !== "tags") {
      throw new Error(`unknown front matter key "${key}" (allowed: name, description, tags)`);
    }
    if (fields.has(key)) throw new Error(`front matter key "${key}" appears twice`);
    const raw = (m[2] ?? "").trim();
    if (key !== "tags") {
      fields.set(key, scalar(raw, key));
    } else if (raw !== "") {
      fields.set(key, flowList(raw));
    } else {
      // Block list: the following `  - item` lines.
      const items: string[] = [];
      while (i + 1 < end && /^\s+- /.test(lines[i + 1]!)) items.push(scalar(lines[++i]!.replace(/^\s+- /, "").trim(), "tags"));
      fields.set(key, items);
    }
  }

  const name = fields.get("name");
  const description = fields.get("description");
  if (typeof name !== "string" || !SKILL_NAME.test(name) || name.length > 64) {
    throw new Error("`name` is required: lowercase letters, digits and single hyphens, at most 64 characters");
  }
  if (typeof description !== "string" || description === "" || description.length > MAX_DESCRIPTION) {
    throw new Error(`\`description\` is required: one line of at most ${MAX_DESCRIPTION} characters`);
  }
  const tags = (fields.get("tags") as string[] | undefined) ?? [];
  return {
    frontMatter: { name, description, tags },
    body: lines
      .slice(end + 1)
      .join("\n")
      .replace(/^\n+/, ""),
  };
}

/** A YAML scalar we accept: plain text YAML reads the same way, or a single- or double-quoted string. */
function scalar(raw: string, key: string): string {
  if (raw.startsWith('"')) {
    try {
      const v: unknown = JSON.parse(raw);
      if (typeof v === "string") return v;
    } catch {
      // fall through to the error below
    }
    throw new Error(`"${key}": a double-quoted value must be one complete string`);
  }
  if (raw.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(raw)) throw new Error(`"${key}": a single-quoted value must be one complete string`);
    return raw.slice(1, -1).replaceAll("''", "'");
  }
  // Plain scalars that YAML would read differently (or reject) must be quoted.
  if (/^[-?:,[\]{}#&*!|>%@`]/.test(raw) || raw.includes(": ") || raw.includes(" #") || raw.endsWith(":")) {
    throw new Error(`"${key}": quote this value, YAML would not read it as plain text: ${raw}`);
  }
  return raw;
}

function flowList(raw: string): string[] {
  const m = /^\[(.*)\]$/.exec(raw);
  if (!m) throw new Error("`tags` must be a list: `[a, b]` or `- a` lines");
  return m[1]!.trim() === "" ? [] : m[1]!.split(",").map((t) => scalar(t.trim(), "tags"));
}

/**
 * A path inside a skill package that is safe to hand to any file or asset lookup: relative,
 * segments of letters, digits, `.`, `_` and `-` that do not start with a dot. This refuses `..`,
 * absolute paths, backslashes, percent-encoding and hidden files without decoding anything.
 */
export function isSafeSkillPath(path: string): boolean {
  return path.length <= 200 && /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(path);
}
