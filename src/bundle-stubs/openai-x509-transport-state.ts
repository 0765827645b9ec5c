// Stands in for the `openai` SDK's X.509 transport state in the Worker bundle (wrangler.toml [alias]): the
// registry of certificate transports and credentials that X.509 workload identity auth keeps. The client
// reads it only for a certificate identity or a registered `credential` (openai-x509-auth.ts refuses the
// first; no credential can be registered without this registry), so each read here is refused by name.
import { NotBundledError } from "./not-bundled";

const leftOut = (): never => {
  throw new NotBundledError("openai's X.509 transport state", "authenticate with an API key (src/bundle-stubs/openai-x509-transport-state.ts)");
};

export const findRegisteredX509Transport = leftOut;
export const rememberRegisteredX509Transport = leftOut;
export const markTransientX509ConnectionError = leftOut;
export const isTransientX509ConnectionError = leftOut;
export const markRetryableX509IssuerError = leftOut;
export const isRetryableX509IssuerError = leftOut;
export const markApprovedX509Client = leftOut;
export const isApprovedX509Client = leftOut;
export const rememberX509OAuthError = leftOut;
export const findX509OAuthError = leftOut;
export const rememberX509Credential = leftOut;
export const findX509Credential = leftOut;
