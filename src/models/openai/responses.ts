// MODEL_API=responses: OpenAI's Responses API (src/agent/providers/openai-responses.ts), reasoning items carried between steps.
import { createOpenAIResponsesModel } from "../../agent";
import type { ModelProvider } from "../model-provider";
import { openAIMissing, openAIModelConfig, OpenAISettings } from "./settings";

export const openAIResponsesProvider: ModelProvider = {
  name: "responses",
  settings: OpenAISettings,
  missing: openAIMissing,
  create: (env, { model, timeoutMs, maxRetries }) => createOpenAIResponsesModel(openAIModelConfig(env, { model, timeoutMs, maxRetries })),
};
