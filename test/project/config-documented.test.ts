import { readdirSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { ConfigSchema } from "../../src/config";
import { ROOT } from "../support/paths";

const root = new URL(`file://${ROOT}/`);
const docs = [
  readFileSync(new URL("README.md", root), "utf8"),
  ...readdirSync(new URL("docs/", root)).map((f) => readFileSync(new URL(`docs/${f}`, root), "utf8")),
].join("\n");

it("documents every configuration name in README.md or docs/", () => {
  const missing = Object.keys(ConfigSchema.shape).filter((name) => !docs.includes(`\`${name}\``));
  expect(missing).toEqual([]);
});
