// What a client's retry is recognised by (request-dedupe.ts, ephemeral-run.ts, the conversation index):
// the input and everything else a request gives its run that changes what the run does: its images (by
// their content-addressed keys, src/images/image-store.ts, so the same bytes uploaded again are the same
// image; with the detail each is to be read at), its author's name, the client's tools with their schemas,
// the tool choice, the answer format, the sampling, the caller's system text and guidance, the messages it
// sent before its input (by what they say: their ids are new each time), and what a Responses reply repeats
// of its request (`echo`: its metadata, its limits; `instructions`).
// A request that differs in any of them is another request, never a retry of a run.
import type { RunOptions } from "./run-row";
import { imageIdentity } from "./turn-fingerprint";

/** What a run was started with, as a retry compares it (a RunRow is one). */
export interface RunRequest {
  input: string;
  options: RunOptions;
}

/** The request's identity as text: equal for a retry, different for any other request. */
export function retryIdentity({ input, options }: RunRequest): string {
  return canonicalJson([
    input,
    (options.images ?? []).map(imageIdentity),
    options.clientTools ?? null,
    options.answerFormat ?? null,
    options.system ?? null,
    options.guidance ?? null,
    options.instructions ?? null,
    (options.earlier ?? []).map(({ id: _id, createdAt: _at, ...said }) => said),
    options.echo ?? null,
    options.sampling ?? null,
    options.inputName ?? null,
  ]);
}

/** Whether `b` repeats `a`. */
export const sameRequest = (a: RunRequest, b: RunRequest): boolean => retryIdentity(a) === retryIdentity(b);

/** JSON with each object's keys sorted: a schema whose keys a client sends in another order is the same schema. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
