// GET /v1/responses/:id's query, checked as the POST's body is: the parameters of OpenAI's retrieve
// (ResponseRetrieveParams), each read or refused by name (refused-parameters.ts), and any other refused as
// unknown. The `openai` client writes a list as `include[]=a&include[]=b`.
import * as z from "zod";
import { invalidParam } from "../chat-request";
import { ParamError } from "../openai-errors";
import { refuseRetrieveParameters } from "../refused-parameters";
import { RESPONSES_INCLUDABLE, RETRIEVE_PARAMETERS, refuseUnknownFields } from "../wire-fields";

const Flag = z.enum(["true", "false"]).transform((v) => v === "true");

const RetrieveQuery = z.object({
  include: z.array(z.enum(RESPONSES_INCLUDABLE)).optional(),
  include_obfuscation: Flag.optional(),
  stream: Flag.optional(),
  starting_after: z.string().regex(/^\d+$/, "must be a whole number").transform(Number).optional(),
});

const NO_EXTENSIONS: ReadonlySet<string> = new Set();

/** Throws the 400 a bad query of GET /v1/responses/:id gets; a URL without a query is not parsed. */
export function checkRetrieveQuery(url: string): void {
  const start = url.indexOf("?");
  if (start === -1) return;
  const query: Record<string, string | string[]> = {};
  const include: string[] = [];
  for (const [key, value] of new URLSearchParams(url.slice(start))) {
    if (key === "include" || key === "include[]") include.push(value);
    else if (Object.hasOwn(query, key)) throw new ParamError("invalid_request", `The query parameter '${key}' is given more than once.`, key);
    else query[key] = value;
  }
  if (include.length) query.include = include;
  refuseUnknownFields(RETRIEVE_PARAMETERS, query, NO_EXTENSIONS);
  const parsed = RetrieveQuery.safeParse(query);
  if (!parsed.success) throw invalidParam(parsed.error);
  refuseRetrieveParameters(parsed.data);
}
