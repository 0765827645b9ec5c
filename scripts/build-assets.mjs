// Copies skills/ into public/skills/ so Workers static assets serve them beside the web page, and the
// browser builds of the page's libraries into public/vendor/ (no build step for the page): marked and
// DOMPurify for Markdown, KaTeX for math (with mhchem for chemistry), highlight.js (its core and the languages lessons use) for code,
// mermaid for diagrams (its one-file browser build, loaded only by the diagram frame, public/diagram.html).
// They are static assets, never part of the Worker's bundle. And Traditional Chinese, made from the Simplified
// phrases (./traditional-chinese.mjs).
// Runs as wrangler's [build] command (dev and deploy) and before the tests.
// Several wrangler devs may start at once (the tests, the conformance suite), each running this: a file
// is only replaced when its content changed, and then atomically (written aside, renamed over), and what
// skills/ no longer has is pruned afterwards, so no run ever sees another's half-done copy or a missing folder.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { publishTraditionalChinese } from "./traditional-chinese.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

function publish(from, to) {
  write(to, readFileSync(from));
}

/** `content` (a Buffer or a string) at `to`, unless it is there already. */
function write(to, content) {
  const bytes = Buffer.from(content);
  if (existsSync(to) && readFileSync(to).equals(bytes)) return;
  mkdirSync(dirname(to), { recursive: true });
  const aside = `${to}.${process.pid}.tmp`;
  writeFileSync(aside, bytes);
  renameSync(aside, to);
}

/** Every path under dir, parents first; a folder another run removed meanwhile has none. */
function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if (e.code === "ENOENT") return [];
    throw e;
  }
  return entries.flatMap((e) => [{ path: join(dir, e.name), isFile: e.isFile() }, ...(e.isDirectory() ? walk(join(dir, e.name)) : [])]);
}

const skills = join(root, "skills");
const published = join(root, "public/skills");
for (const { path, isFile } of walk(skills)) if (isFile) publish(path, join(published, relative(skills, path)));
for (const { path } of walk(published)) {
  if (!existsSync(join(skills, relative(published, path))) && !path.endsWith(".tmp")) rmSync(path, { recursive: true, force: true });
}
publish(join(root, "node_modules/marked/lib/marked.esm.js"), join(root, "public/vendor/marked.esm.js"));
publish(join(root, "node_modules/dompurify/dist/purify.es.mjs"), join(root, "public/vendor/purify.es.mjs"));
publish(join(root, "node_modules/katex/dist/katex.mjs"), join(root, "public/vendor/katex.mjs"));
// mhchem (`\ce{H2O}`, `\pu{…}`) imports "../katex.mjs": beside it in contrib/ it extends the same KaTeX.
publish(join(root, "node_modules/katex/dist/contrib/mhchem.mjs"), join(root, "public/vendor/contrib/mhchem.mjs"));
publish(join(root, "node_modules/mermaid/dist/mermaid.min.js"), join(root, "public/vendor/mermaid.min.js"));
const hljs = join(root, "node_modules/@highlightjs/cdn-assets/es");
publish(join(hljs, "core.min.js"), join(root, "public/vendor/highlight/core.min.js"));
// The languages public/js/highlight.js registers.
for (const language of ["bash", "c", "cpp", "css", "java", "javascript", "json", "latex", "python", "r", "sql", "typescript", "xml", "yaml"]) {
  publish(join(hljs, `languages/${language}.min.js`), join(root, `public/vendor/highlight/languages/${language}.min.js`));
}
publishTraditionalChinese(join(root, "public/i18n"), write);
