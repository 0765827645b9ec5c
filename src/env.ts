// The Worker's bindings (wrangler.toml) and its string vars and secrets (parsed by src/config.ts), as
// `wrangler types` generates them into worker-configuration.d.ts (`npm run types`; `npm run typecheck`
// fails when that file is stale). Generated rather than written here: an Env naming the Durable Object
// classes made this module import them while they import it, a cycle. This module imports nothing.

declare global {
  namespace Cloudflare {
    /** Every config name (src/config.ts) is a var or secret, whether or not wrangler.toml lists it. */
    interface Env {
      [name: string]: unknown;
    }
  }
}

export type Env = Cloudflare.Env;
