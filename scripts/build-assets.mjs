// Copies skills/ into public/skills/ so Workers static assets serve them beside the web page, and
// marked's and DOMPurify's browser builds into public/vendor/ for the page's Markdown (no build step for the page).
// Runs as wrangler's [build] command (dev and deploy) and before the tests.
// Several wrangler devs may start at once (the tests, the conformance suite): copying over the old
// files and then pruning what skills/ no longer has never leaves public/skills missing for another one.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const skills = join(root, "skills");
const published = join(root, "public/skills");
mkdirSync(`${root}/public/vendor`, { recursive: true });
cpSync(skills, published, { recursive: true, force: true });
for (const entry of readdirSync(published, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  if (!existsSync(join(skills, relative(published, path)))) rmSync(path, { recursive: true, force: true });
}
cpSync(`${root}/node_modules/marked/lib/marked.esm.js`, `${root}/public/vendor/marked.esm.js`);
cpSync(`${root}/node_modules/dompurify/dist/purify.es.mjs`, `${root}/public/vendor/purify.es.mjs`);
