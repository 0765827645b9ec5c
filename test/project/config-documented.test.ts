import { readdirSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { ConfigSchema, settingsDeclaredTwice } from "../../src/config";
import { ROOT } from "../support/paths";

const root = new URL(`file://${ROOT}/`);
const docs = [
  readFileSync(new URL("README.md", root), "utf8"),
  ...readdirSync(new URL("docs/", root)).map((f) => readFileSync(new URL(`docs/${f}`, root), "utf8")),
].join("\n");

it("documents every configuration name in README.md or docs/", () => {
  const names = Object.keys(ConfigSchema.shape);
  // Every feature's slice is merged: the settings of a tool, a provider and a platform are there too.
  expect(names).toEqual(expect.arrayContaining(["MAX_STEPS", "SEARCH_PROVIDER", "OPENAI_API_KEY", "TELEGRAM_BOT_TOKEN", "COURSE_SHARDS", "API_KEYS"]));
  const missing = names.filter((name) => !docs.includes(`\`${name}\``));
  expect(missing).toEqual([]);
});

it("declares every setting in one feature's slice", () => {
  expect(settingsDeclaredTwice()).toEqual([]);
});
