// Stands in for the `openai` client's resource modules in the Worker bundle (wrangler.toml [alias] maps
// the client's own imports of them here). The client constructs every resource it has in its constructor
// and so imports all of them: admin, beta (assistants, threads, agents), vector stores, fine-tuning and the
// rest, with their helpers. The Worker calls only `chat.completions.create` and `responses.create`
// (src/agent/providers/), so Chat and Responses are the real ones and every other resource is a
// placeholder that throws NotBundledError on first use. ~190 KiB minified the Worker does not carry.
import { NotBundledError } from "./not-bundled";

export { Chat } from "openai/resources/chat/chat";
export { Responses } from "openai/resources/responses/responses";

/** A resource the client constructs but the Worker never calls: any property read throws. */
function leftOut(resource: string) {
  return class {
    constructor() {
      return new Proxy(this, {
        get(_target, key): never {
          throw new NotBundledError(
            `openai's client.${resource}.${String(key)}`,
            "the Worker bundles only chat.completions and responses (src/bundle-stubs/openai-resources.ts)",
          );
        },
      });
    }
  };
}

export const Admin = leftOut("admin");
export const Audio = leftOut("audio");
export const Batches = leftOut("batches");
export const Beta = leftOut("beta");
export const Completions = leftOut("completions");
export const Containers = leftOut("containers");
export const ContentProvenanceChecks = leftOut("contentProvenanceChecks");
export const Conversations = leftOut("conversations");
export const Decisions = leftOut("decisions");
export const Embeddings = leftOut("embeddings");
export const Evals = leftOut("evals");
export const Files = leftOut("files");
export const FineTuning = leftOut("fineTuning");
export const Graders = leftOut("graders");
export const Images = leftOut("images");
export const Live = leftOut("live");
export const Models = leftOut("models");
export const Moderations = leftOut("moderations");
export const Realtime = leftOut("realtime");
export const Safety = leftOut("safety");
export const Skills = leftOut("skills");
export const Uploads = leftOut("uploads");
export const VectorStores = leftOut("vectorStores");
export const Videos = leftOut("videos");
export const Webhooks = leftOut("webhooks");
