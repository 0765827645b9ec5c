// Every route of the app refuses a query parameter it does not take with a 400 naming it, before it looks
// anything up: `?limit=10` on a route that lists everything, or `?session=alice` on one that does not read it,
// would otherwise be an answer that quietly ignored it. The routes come from the app's own table, so a route
// added without the check fails here. The exceptions are answered for whoever calls them, not for what a
// client asked, and say why.
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { call, uniqueId } from "../support/worker-http";

const EXEMPT = new Map<string, string>([
  ["GET /healthz", "a liveness probe: the same answer to every prober, whatever it appends"],
  ["GET /v1/mcp/oauth/client-metadata.json", "a public document whose URL is the client id; authorization servers fetch it as they like"],
  ["GET /v1/mcp/oauth/callback", "an authorization server's redirect: its query is OAuth's (code, state, error)"],
  ["GET /oauth/authorize", "an OAuth authorization request: its query is OAuth's, checked by the consent flow"],
  ["POST /oauth/authorize", "the consent form's post to its own page"],
  ["POST /telegram/webhook", "called by Telegram at the URL the operator registered, checked by its secret header"],
  ["POST /slack/events", "called by Slack at the URL the operator registered, checked by its signature"],
  ["POST /slack/interactions", "called by Slack at the URL the operator registered, checked by its signature"],
]);

/** A well-formed value for each path parameter, so the query is what the route finds wrong. */
function filled(path: string): string {
  const values: Record<string, () => string> = {
    key: () => (path.startsWith("/v1/images") ? "img-0123456789abcdef0123456789abcdef.png" : "some-lesson.md"),
    model: () => "study-agent",
    name: () => "wiki",
  };
  return path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_m, name: string) => (values[name] ?? (() => uniqueId()))());
}

describe("query parameters a route does not take", () => {
  const routes = [
    ...new Map(
      createApp()
        .routes.filter((r) => r.method !== "ALL")
        .map((r) => [`${r.method} ${r.path}`, r]),
    ).values(),
  ];

  it("the table holds the routes (the app's own, read from Hono)", () => {
    expect(routes.length).toBeGreaterThan(35);
    for (const name of EXEMPT.keys()) expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(name);
  });

  it("are refused by every route with a 400 naming the parameter", async () => {
    const answers: string[] = [];
    for (const r of routes) {
      if (EXEMPT.has(`${r.method} ${r.path}`)) continue;
      const body = ["POST", "PUT", "PATCH"].includes(r.method) ? { json: {} } : {};
      const res = await call(`${filled(r.path)}?zzz_unread=1`, { method: r.method, ...body });
      const text = await res.text();
      if (res.status !== 400 || !text.includes("zzz_unread")) answers.push(`${r.method} ${r.path}: ${res.status} ${text.slice(0, 160)}`);
    }
    expect(answers).toEqual([]);
  });
});
