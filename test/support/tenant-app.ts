// The Worker's app inside workerd with two tenants (API_KEYS) and the admin (API_TOKEN), called with one
// caller's bearer key: for workers tests of what belongs to whom.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../../src/http/app";

const KEYS = { admin: "tenant-app-admin-0123456789", a: "tenant-app-a-0123456789abcdef", b: "tenant-app-b-0123456789abcdef" };

export type Caller = keyof typeof KEYS;

/** Calls the app as `admin`, tenant `a` or tenant `b` (named `tenants.a` and `tenants.b`), JSON bodies in, raw Responses out; `vars` override settings. */
export function tenantApp(tenants: { a: string; b: string }, vars: Record<string, string> = {}) {
  const app = createApp();
  const appEnv = {
    ...env,
    ...vars,
    API_TOKEN: KEYS.admin,
    API_KEYS: JSON.stringify([
      { name: "a", key: KEYS.a, tenant: tenants.a },
      { name: "b", key: KEYS.b, tenant: tenants.b },
    ]),
  };
  return async (who: Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    app.fetch(
      new Request(`https://agent.example.com${path}`, {
        method,
        headers: { authorization: `Bearer ${KEYS[who]}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      appEnv,
      createExecutionContext(),
    );
}
