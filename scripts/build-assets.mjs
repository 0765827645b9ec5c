// Copies skills/ into public/skills/ so Workers static assets serve them beside the web page, and
// marked's and DOMPurify's browser builds into public/vendor/ for the page's Markdown (no build step for the page).
// Runs as wrangler's [build] command (dev and deploy) and before the tests.
import { cpSync, rmSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
rmSync(`${root}/public/skills`, { recursive: true, force: true });
mkdirSync(`${root}/public/vendor`, { recursive: true });
cpSync(`${root}/skills`, `${root}/public/skills`, { recursive: true });
cpSync(`${root}/node_modules/marked/lib/marked.esm.js`, `${root}/public/vendor/marked.esm.js`);
cpSync(`${root}/node_modules/dompurify/dist/purify.es.mjs`, `${root}/public/vendor/purify.es.mjs`);
