// Stands in for the `openai` SDK's workload identity auth in the Worker bundle (wrangler.toml [alias]):
// exchanging an external identity provider's token for an OpenAI access token. The client constructs it
// only when given a `workloadIdentity`; the Worker authenticates with OPENAI_API_KEY (src/models/).
import { NotBundledError } from "./not-bundled";

export class WorkloadIdentityAuth {
  constructor() {
    throw new NotBundledError("openai's workload identity auth", "authenticate with an API key (src/bundle-stubs/openai-workload-identity-auth.ts)");
  }
}
