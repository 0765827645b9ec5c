// A stored response, rebuilt from its run's events and options: what GET /v1/responses/:id answers, and
// where an `item_reference` to one of its messages finds the message (item-references.ts).
import type { RunOptions } from "../../session/runs/run-row";
import type { RunView } from "../../session/runs/run-views";
import type { sessionStub } from "../../session/runs/start-run";
import { readStreamRows } from "../../session/trace/stream-events";
import { ParamError } from "../openai-errors";
import { ResponseAssembler } from "./response-assembler";
import { responseMeta } from "./response-echo";
import { responseId, type ResponseRef } from "./response-id";

type SessionStub = ReturnType<typeof sessionStub>;

export const responseNotFound = (id: string) => new ParamError("response_not_found", `No response with id '${id}' was found.`, null);

/** The response `ref` names, with the same items and fields the stream and the JSON answer had; 404 when its run is not in `stub`'s session. */
export async function storedResponse(stub: SessionStub, ref: ResponseRef) {
  // The stub's RPC typing cannot express RunView's `pending: unknown` nor the options' JSON schemas.
  const [run, options] = (await Promise.all([stub.getRun(ref.runId), stub.runOptions(ref.runId)])) as [RunView | null, RunOptions | null];
  if (!run || !options) throw responseNotFound(responseId(ref));
  const assembler = new ResponseAssembler(responseMeta(ref, Math.floor(Date.parse(run.createdAt) / 1000), options));
  if (run.status === "running" || run.status === "queued") return assembler.snapshot(run.status === "queued" ? "queued" : "in_progress");
  const events = await stub.streamRun(ref.runId, ref.after ?? 0);
  if (events) for await (const e of readStreamRows(events)) assembler.push(e);
  return assembler.final(run);
}
