// A response id names the run it was and the session that run belongs to, so `previous_response_id`,
// GET, DELETE and cancel find both without a lookup table: resp_<base64url("<sessionId>/<runId>")>.
// A forged id reaches nothing a made-up session id would not: the session's own checks apply.
import { ParamError } from "../openai-errors";
import { Id } from "../../http-kit/validation";

export interface ResponseRef {
  sessionId: string;
  runId: string;
}

const PREFIX = "resp_";

export function responseId(ref: ResponseRef): string {
  const bytes = new TextEncoder().encode(`${ref.sessionId}/${ref.runId}`);
  return (
    PREFIX +
    btoa(String.fromCharCode(...bytes))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "")
  );
}

/** The session and run of a response id; a 404 naming `param` for anything else. */
export function parseResponseId(id: string, param: string | null = null): ResponseRef {
  const notFound = () => new ParamError("response_not_found", `No response with id '${id}' was found.`, param);
  if (!id.startsWith(PREFIX)) throw notFound();
  let text: string;
  try {
    text = atob(id.slice(PREFIX.length).replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    throw notFound();
  }
  const [sessionId, runId, ...rest] = text.split("/");
  if (rest.length || !Id.safeParse(sessionId).success || !Id.safeParse(runId).success) throw notFound();
  return { sessionId: sessionId!, runId: runId! };
}
