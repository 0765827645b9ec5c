// The client tool the Responses tests declare: a function the page or app runs itself, not the agent.
import type OpenAI from "openai";

export const weatherTool: OpenAI.Responses.FunctionTool = {
  type: "function",
  name: "get_weather",
  description: "The weather in a city.",
  parameters: { type: "object", properties: { city: { type: "string" } } },
  strict: false,
};
