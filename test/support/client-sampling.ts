// A client's sampling fields as Chat Completions spells them, every one a client may send (src/agent/model.ts
// Sampling) but the token cap, which tests set on their own; the other servers' extensions apart, as the
// `openai` package does not type them.
export const CLIENT_SAMPLING = {
  temperature: 0.2,
  top_p: 0.9,
  seed: 7,
  frequency_penalty: 0.5,
  presence_penalty: -0.5,
  reasoning_effort: "low",
  verbosity: "high",
  safety_identifier: "user-hash-1",
} as const;

export const SAMPLING_EXTENSIONS = { top_k: 40, min_p: 0.05, repetition_penalty: 1.1 };
