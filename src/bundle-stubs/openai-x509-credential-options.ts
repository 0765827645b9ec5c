// Stands in for the `openai` SDK's X.509 credential options in the Worker bundle (wrangler.toml [alias]).
// The client normalizes a registered `credential` with it when constructed, and reconciles credentials and
// providers with it in `withOptions`. The Worker gives no credential (none can be registered without the
// X.509 transport state, openai-x509-transport-state.ts) and never calls `withOptions`, so options without
// a credential pass through as the SDK passes them, and everything else is refused by name.
import { NotBundledError } from "./not-bundled";

const instead = "authenticate with an API key and build a client per configuration (src/bundle-stubs/openai-x509-credential-options.ts)";

export function normalizeX509CredentialOptions<O extends { credential?: unknown }>(options: O): { credential: undefined; options: O } {
  if (options.credential !== undefined) throw new NotBundledError("openai's X.509 `credential` option", instead);
  return { credential: undefined, options };
}

export function prepareX509ClientClone(): never {
  throw new NotBundledError("openai's client.withOptions (its credential and provider reconciliation)", instead);
}
