// Copies skills/ into public/skills/ so Workers static assets serve them beside the web page.
// Runs as wrangler's [build] command (dev and deploy) and before the tests.
import { cpSync, rmSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
rmSync(`${root}/public/skills`, { recursive: true, force: true });
mkdirSync(`${root}/public`, { recursive: true });
cpSync(`${root}/skills`, `${root}/public/skills`, { recursive: true });
