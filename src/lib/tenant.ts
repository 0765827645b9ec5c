// Tenants: several clients on one deployment. What a tenant's key creates (sessions and their runs and
// traces, lessons, courses) belongs to that tenant, and is not found for any other. `null` is the admin
// (API_TOKEN, or a deployment with no keys at all), which sees every tenant; what it creates has no tenant.

/** Who a request acts for, or who owns a thing: a tenant's name, or null for the admin. */
export type Tenant = string | null;

/** Tenant names: the id alphabet, short. */
export const TENANT_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

/** Whether `caller` may see a thing owned by `owner`: the admin sees everything, a tenant only its own. */
export function mayAccess(caller: Tenant | undefined, owner: Tenant | undefined): boolean {
  return caller === null || (caller !== undefined && caller === owner);
}
