// The web page and its files carry a Content-Security-Policy: only this origin's scripts run (no inline
// script, no eval), and the page talks to this origin only.
import { describe, expect, it } from "vitest";
import { call } from "../support/worker-http";

const directives = (res: Response) =>
  new Map(
    (res.headers.get("content-security-policy") ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe("Content-Security-Policy on the web page", () => {
  it.each(["/", "/index.html", "/js/app.js", "/vendor/marked.esm.js", "/style.css"])("GET %s carries the policy", async (path) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    const csp = directives(res);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect([...csp.values()].flat().some((v) => v.includes("unsafe"))).toBe(false);
  });

  it("the page loads its scripts from files, none inline", async () => {
    const html = await (await call("/")).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/(js|vendor)\//);
      expect(body!.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
