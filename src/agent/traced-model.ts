// Model calls made outside the loop (a compaction summary, the blind answer check) are traced like the
// loop's own: a model.request and a model.response with the call's model and purpose, at step 0, so a user
// sees where every token went.
import type { Emit } from "./events";
import { emptyUsage } from "./events";
import { estimateTokens } from "./context/tokens";
import type { ModelClient } from "./model";

export function tracedModel(client: ModelClient, emit: Emit): ModelClient {
  const purpose = client.purpose ?? "writing";
  return {
    model: client.model,
    purpose,
    async complete(req) {
      const estimatedTokens = estimateTokens(req.messages, req.system);
      emit({
        type: "model.request",
        step: 0,
        model: client.model,
        purpose,
        messageCount: req.messages.length + 1,
        toolCount: req.tools.length,
        estimatedTokens,
      });
      const response = await client.complete(req);
      emit({
        type: "model.response",
        step: 0,
        model: client.model,
        purpose,
        usage: response.usage ?? emptyUsage(),
        latencyMs: response.latencyMs,
        finishReason: response.finishReason,
        retries: response.retries,
      });
      return response;
    },
  };
}
