// Stands in for the `openai` SDK's X.509 workload identity auth in the Worker bundle (wrangler.toml [alias]
// maps the SDK's imports of it here): authenticating to OpenAI with a client certificate, through a TLS
// transport the Worker does not have. The Worker sends OPENAI_API_KEY (src/models/); every other use of these
// in the SDK's client sits behind an X.509 identity, which is refused here by name when one is configured.
import { NotBundledError } from "./not-bundled";

const leftOut = (): never => {
  throw new NotBundledError("openai's X.509 workload identity", "authenticate with an API key (src/bundle-stubs/openai-x509-auth.ts)");
};

/** The SDK's test for a certificate identity (`{type: "x509", …}`); any other identity is not one. */
export function isX509WorkloadIdentity(identity: unknown): boolean {
  if (identity !== null && typeof identity === "object" && "type" in identity && identity.type === "x509") leftOut();
  return false;
}

/** Never constructed: the client's `instanceof` checks against it are false. */
export class X509WorkloadIdentityAuth {}

export const assertX509RequestOptions = leftOut;
export const snapshotX509RequestOptions = leftOut;
