// `item_reference` input items: a client that keeps its history as references to stored items (the AI SDK
// with `store` on, its default) sends the agent's earlier replies as `{type: "item_reference", id: "msg_…"}`.
// A message item's id names its response and its place there (response-id.ts), so the reference is read
// back from that stored response, as GET /v1/responses/:id would answer it to the caller, and its text put in
// its place. References to the items readItems passes over when they come inline (the server's reasoning, its
// own tool activity, approval requests) are passed over the same way; any other reference is refused, never dropped.
import type { Env } from "../../env";
import { HttpError } from "../../lib/http-error";
import type { Tenant } from "../../lib/tenant";
import { reachableSession } from "../../session/reachable-session";
import { ParamError } from "../openai-errors";
import { parseMessageItemId, responseId, type ResponseRef } from "./response-id";
import { storedResponse } from "./stored-response";

/** The id prefixes of the items this server hands out whose content it never takes back (SERVER_ITEMS in responses-request.ts). */
const PASSED_OVER = ["rs_", "mcp_", "mcpl_", "appr_"];

/**
 * The text of the message each item_reference of `input` names, by the reference's index in `input`; a
 * passed-over reference has none. Each stored response referenced is read once.
 */
export async function referencedMessages(
  env: Env,
  tenant: Tenant,
  input: ReadonlyArray<{ type?: string | undefined; id?: string | null | undefined }>,
): Promise<Map<number, string>> {
  const refs = input.flatMap((item, i) => {
    if (item.type !== "item_reference" || PASSED_OVER.some((p) => item.id?.startsWith(p))) return [];
    const named = parseMessageItemId(item.id ?? "");
    if (!named) throw unresolved(i, item.id);
    return [{ i, id: item.id!, ...named }];
  });
  const responses = new Map(refs.map(({ ref }) => [responseId(ref), ref]));
  const read = new Map(await Promise.all([...responses].map(async ([id, ref]) => [id, await readable(env, tenant, ref)] as const)));
  const texts = new Map<number, string>();
  for (const { i, id, ref, index } of refs) {
    const item = read.get(responseId(ref))?.output[index];
    if (item?.type !== "message") throw unresolved(i, id);
    texts.set(i, item.content.map((part) => (part.type === "output_text" ? part.text : "")).join(""));
  }
  return texts;
}

/** The stored response as the caller may read it; undefined when it is not there for the caller (deleted, another tenant's). */
async function readable(env: Env, tenant: Tenant, ref: ResponseRef) {
  try {
    return await storedResponse(await reachableSession(env, ref.sessionId, tenant), ref);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return undefined;
    throw err;
  }
}

function unresolved(i: number, id: string | null | undefined): ParamError {
  const param = `input[${i}].id`;
  return new ParamError(
    "invalid_request",
    `${param}: '${id ?? ""}' names no message of a stored response this key can read; send the item itself, or previous_response_id to continue from its response.`,
    param,
  );
}
