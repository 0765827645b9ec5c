// MODEL_API=chat: OpenAI's Chat Completions wire (src/agent/providers/openai.ts), the default.
import { createOpenAIModel } from "../../agent";
import type { ModelProvider } from "../model-provider";
import { openAIMissing, openAIModelConfig, OpenAISettings } from "./settings";

export const openAIChatProvider: ModelProvider = {
  name: "chat",
  settings: OpenAISettings,
  missing: openAIMissing,
  create: (env, { model, timeoutMs, maxRetries }) => createOpenAIModel(openAIModelConfig(env, { model, timeoutMs, maxRetries })),
};
