// The error catalogue: every code an HTTP caller can get, or a Durable Object's RPC can refuse with, and
// its HTTP status, in one place. A code the wire spells otherwise says so (`as`): an approval decided
// before is the contract's 409 `conflict`, a missing lesson its 404 `not_found`. docs/api.md's error
// table lists exactly these (test/project/api-errors-documented.test.ts).
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Codes as the wire spells them, with their status. */
const WIRE_CODES = {
  // 400: the body or a parameter is wrong
  invalid_json: 400,
  invalid_request: 400,
  invalid_id: 400,
  input_too_long: 400,
  invalid_idempotency_key: 400,
  metadata_too_deep: 400,
  metadata_too_large: 400,
  delivery_not_configured: 400,
  empty_answer: 400,
  answer_too_long: 400,
  invalid_content: 400,
  reserved_id: 400,
  // 400 for an image on any way in (docs/api.md#images)
  invalid_image_url: 400,
  too_many_images: 400,
  vision_unavailable: 400,
  // 400 on the OpenAI-compatible routes, in OpenAI's error shape
  invalid_session_id: 400,
  unsupported_parameter: 400,
  unknown_parameter: 400,
  unsupported_item: 400,
  unsupported_content: 400,
  tool_call_not_found: 400,
  // 401, 403: who is asking
  unauthorized: 401,
  api_token_required: 401,
  missing_signature: 401,
  stale_timestamp: 401,
  bad_signature: 401,
  forbidden: 403,
  // 404: nothing there (for the caller)
  not_found: 404,
  telegram_not_configured: 404,
  slack_not_configured: 404,
  model_not_found: 404,
  response_not_found: 404,
  // 409: the state forbids it now
  conflict: 409,
  already_answered: 409,
  input_lost: 409,
  run_active: 409,
  response_in_progress: 409,
  run_awaiting_approval: 409,
  run_awaiting_input: 409,
  model_not_configured: 409,
  history_mismatch: 409,
  no_answer_key: 409,
  no_exercises: 409,
  // the request's form
  body_too_large: 413,
  image_too_large: 413,
  unsupported_media_type: 415,
  unsupported_image: 415,
  idempotency_key_reused: 422,
  // 429: the model behind us is rate limited (the OpenAI-compatible routes pass its Retry-After on)
  model_rate_limited: 429,
  // ours, or a server behind us
  internal_error: 500,
  config_invalid: 500,
  could_not_grade: 502,
  compaction_failed: 502,
  output_invalid: 502,
  mcp_authorization_failed: 502,
  telegram_unavailable: 502,
  // A phrase book (a static asset) could not be read: no words to answer in (src/lib/phrase-book.ts).
  phrases_unreadable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type WireCode = keyof typeof WIRE_CODES;

/** Codes that say more than the wire does (callers inside switch on them), with the status and code they go out as. */
const REFINED_CODES = {
  lesson_not_found: { status: 404, as: "not_found" },
  exercise_not_found: { status: 404, as: "not_found" },
  learner_not_found: { status: 404, as: "not_found" },
  already_decided: { status: 409, as: "conflict" },
  // A run that was to follow its session's latest run, when another followed it first (start-run.ts).
  not_latest: { status: 409, as: "conflict" },
  slack_cannot_reply: { status: 503, as: "slack_not_configured" },
} as const satisfies Record<string, { status: ContentfulStatusCode; as: WireCode }>;

export type ErrorCode = WireCode | keyof typeof REFINED_CODES;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(WIRE_CODES, code) || Object.hasOwn(REFINED_CODES, code);
}

const isWireCode = (code: string): code is WireCode => Object.hasOwn(WIRE_CODES, code);

export const ERROR_CODES: readonly ErrorCode[] = [...Object.keys(WIRE_CODES), ...Object.keys(REFINED_CODES)].filter(isErrorCode);

export function httpStatus(code: ErrorCode): ContentfulStatusCode {
  return isWireCode(code) ? WIRE_CODES[code] : REFINED_CODES[code].status;
}

/** The code as the wire spells it (the contract's `error.code`). */
export function wireCode(code: ErrorCode): WireCode {
  return isWireCode(code) ? code : REFINED_CODES[code].as;
}
