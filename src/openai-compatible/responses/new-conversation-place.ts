// Where a new stored conversation (no previous_response_id, conversation or Idempotency-Key) starts, so that a
// client's automatic retry finds the run its first try started: the openai client retries a timeout or a 5xx and
// sends no key, and each try used to start a conversation of its own, the question answered twice. The session is
// named by the request (its tenant and retryIdentity: the input, images, tools, format, sampling with its end user,
// earlier items …), and the run starts there only while the session has none (continues: null). A retry while it
// goes on attaches to it, one after it failed runs again in its place (request-dedupe.ts); once it has completed,
// the same request is a new conversation, in a session of its own (the branch), as it always was, unless the client
// says it is its retry (sdk-retry.ts).
import { sha256Hex } from "../../lib/sha256-hex";
import { derivedId } from "../../lib/derived-ids";
import type { Tenant } from "../../lib/tenant";
import { retryIdentity, type RunRequest } from "../../session/runs/retry-identity";
import type { TurnPlace } from "../turn-run";
import { newSessionId } from "./responses-request";

export async function newConversationPlace(tenant: Tenant, request: RunRequest): Promise<TurnPlace> {
  const named = await sha256Hex(JSON.stringify([tenant, "new conversation", retryIdentity(request)]));
  return {
    kind: "session",
    sessionId: derivedId("response", named.slice(0, 32)),
    derived: true,
    continues: { runId: null, branch: async () => ({ kind: "session", sessionId: await newSessionId(tenant, undefined), derived: true }) },
  };
}
