// The diagram frame (/diagram, public/diagram.html) is served under a policy of its own: sandboxed to an
// opaque origin, only its own scripts, mermaid's inline styles allowed there and nowhere else, nothing
// loaded or reached, framed by this origin only. Its two scripts are readable cross-origin (the sandbox is
// another origin); every other file keeps Cross-Origin-Resource-Policy same-origin and the page's policy.
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

// The first request starts the Worker and the largest asset is 5.5 MB: slow on a busy machine, not wrong.
describe("the diagram frame's policy", { timeout: 90_000 }, () => {
  it("GET /diagram is sandboxed, runs only its own scripts and reaches nothing", async () => {
    const res = await call("/diagram");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<script src="/vendor/mermaid.min.js"></script>');
    const csp = directives(res);
    expect(csp.get("sandbox")).toEqual(["allow-scripts"]);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'unsafe-inline'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(csp.has("connect-src")).toBe(false);
  });

  it.each(["/vendor/mermaid.min.js", "/js/diagram-frame.js"])("GET %s may be read by the sandboxed frame", async (path) => {
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(directives(res).get("style-src")).toEqual(["'self'"]);
  });

  it.each(["/", "/js/app.js", "/js/diagrams.js"])("GET %s stays same-origin, under the page's policy", async (path) => {
    const res = await call(path);
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(directives(res).get("frame-ancestors")).toEqual(["'none'"]);
  });
});
