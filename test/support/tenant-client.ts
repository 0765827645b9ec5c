// A client of the Worker under `wrangler dev` (or any URL) acting for one key: the admin's API_TOKEN, a
// tenant's key of API_KEYS, or none. JSON bodies in, raw Responses out.

export interface TenantCall {
  method?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export type TenantClient = (path: string, init?: TenantCall) => Promise<Response>;

export function tenantClient(baseUrl: string, key?: string): TenantClient {
  return (path, init = {}) =>
    fetch(baseUrl + path, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
}

/** Two tenants and the admin, as API_TOKEN and API_KEYS configure them (pass `vars` to startWranglerDev). */
export const TWO_TENANTS = {
  adminToken: "admin-token-0123456789abcdef",
  acme: "acme-key-0123456789abcdef",
  globex: "globex-key-0123456789abcdef",
  vars(): Record<string, string> {
    return {
      API_TOKEN: this.adminToken,
      API_KEYS: JSON.stringify([
        { name: "acme", key: this.acme, tenant: "acme" },
        { name: "globex", key: this.globex, tenant: "globex" },
      ]),
    };
  },
};
