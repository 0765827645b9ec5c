// axe-core's serious and critical findings on a page, evaluated over CDP (the page's CSP allows no
// injected script): the accessibility check every browser walk ends with.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { fromRoot } from "./paths";

const AXE = readFileSync(fromRoot("node_modules/axe-core/axe.min.js"), "utf8");

export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)")) as {
    id: string;
    impact: string;
    nodes: { target: string[] }[];
  }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
