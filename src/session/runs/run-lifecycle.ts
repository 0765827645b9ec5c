// A run's lifecycle, and the one place its status changes:
//
//   queued ──start──> running ──pause──> awaiting_approval | awaiting_input | awaiting_client_tools ──resume──> running
//     │                  │                         │
//     └──────────────────┴──end──> completed | failed | cancelled | max_steps <─┘ (cancelled, superseded, abandoned)
//
// A run awaiting_client_tools stopped because the model called tools the client declares and runs itself
// (an OpenAI client's function tools): the client's next request brings their results, which resumes it;
// one whose results do not come within CLIENT_TOOLS_TTL_MS is abandoned (cancelled).
// A run awaiting_input is paused differently from one awaiting_approval: its execution goes on in the
// object, holding the MCP call whose server asked the user a question; when the question is settled it
// proceeds (back to running, no resume mark). Lost to a restart, it proceeds too, and recovers.
// How an execution of a run begins is explicit, never guessed: `start` (a queued run), `resume` (its
// pause was settled: the loop runs the decided calls; or its last execution yielded between steps under
// RUN_STEPS_PER_INVOCATION: the loop goes on with the next step), or `recover` (it was running when the
// object lost it to a restart: unfinished calls re-run only if replay-safe). A run that yielded stays
// `running` in between, its resume mark stored with its counters.
import type { RunStatus, Usage } from "../../agent";
import type { SessionStore } from "../session-store";
import type { RunPatch, RunRow } from "./run-row";
import { CodedError } from "../../lib/coded-error";

const TRANSITIONS: Record<RunStatus, readonly RunStatus[]> = {
  queued: ["running", "cancelled", "failed"],
  running: ["awaiting_approval", "awaiting_input", "awaiting_client_tools", "completed", "failed", "cancelled", "max_steps"],
  awaiting_approval: ["running", "cancelled", "failed"],
  awaiting_input: ["running", "cancelled", "failed"],
  awaiting_client_tools: ["running", "cancelled", "failed"],
  completed: [],
  failed: [],
  cancelled: [],
  max_steps: [],
};

const STATUSES = Object.keys(TRANSITIONS) as RunStatus[];

/** The statuses a run may move to `to` from: those that lead to it, and itself (a move that writes only its patch). */
const leadingTo = (to: RunStatus): RunStatus[] => STATUSES.filter((from) => from === to || TRANSITIONS[from].includes(to));

/** A run in one of these has not ended: it may still run, and its stream stays open. */
export const isUnfinished = (status: RunStatus): boolean => TRANSITIONS[status].length > 0;

const UNFINISHED = STATUSES.filter(isUnfinished);

/** A run waiting for a person or a client (its stream paused, its `pending` open). */
export const isPaused = (status: RunStatus): status is "awaiting_approval" | "awaiting_input" | "awaiting_client_tools" =>
  status === "awaiting_approval" || status === "awaiting_input" || status === "awaiting_client_tools";

export type ExecutionStart = "start" | "resume" | "recover";

export class RunLifecycle {
  constructor(private readonly store: SessionStore) {}

  /**
   * The run next in line: one lost to a restart (or resumed after its pause) first, then the oldest queued;
   * with the runs paused meanwhile, which a queued run supersedes. One read: every run start asks.
   */
  next(busy: (runId: string) => boolean): { run: RunRow; paused: RunRow[] } | undefined {
    const unfinished = this.store.runs.inStatus(...UNFINISHED);
    const run = unfinished.find((r) => r.status === "running" && !busy(r.runId)) ?? unfinished.find((r) => r.status === "queued");
    return run && { run, paused: unfinished.filter((r) => isPaused(r.status)) };
  }

  /** Takes the run into execution, saying how it begins; a resumed run's mark is used up here. */
  begin(run: RunRow): ExecutionStart {
    if (run.status === "queued") {
      this.move(run, "running", { started: true });
      return "start";
    }
    if (run.status !== "running") throw new CodedError("invalid_transition", `run ${run.runId} is ${run.status}, not ready to execute`);
    if (!run.resume) return "recover";
    this.store.runs.setResume(run.runId, false);
    return "resume";
  }

  /** The execution stopped: the run pauses for a person or ends, with its final counters. */
  stop(run: RunRow, status: Exclude<RunStatus, "queued" | "running">, patch: Omit<RunPatch, "started"> = {}): void {
    this.move(run, status, patch);
  }

  /** Its execution yielded between steps: the run stays running, its counters stored, marked to resume in a fresh execution. */
  continueLater(run: RunRow, steps: number, usage: Usage): void {
    if (!this.store.runs.markYielded(run.runId, steps, usage)) throw new CodedError("invalid_transition", `run ${run.runId} is not running; it cannot yield`);
  }

  /** Its pause is settled: the run goes back in line and continues where it stopped. */
  resume(runId: string): void {
    const run = this.store.runs.get(runId);
    if (!run || !isPaused(run.status)) return;
    this.move(run, "running");
    this.store.runs.setResume(runId, true);
  }

  /** A tool call's server asked the user a question: the run waits for the answer, its execution held open. */
  awaitInput(runId: string): void {
    const run = this.store.runs.get(runId);
    if (run?.status === "running") this.move(run, "awaiting_input");
  }

  /** Its questions are settled (or lost to a restart): the run is running again, without a resume mark. */
  proceed(runId: string): void {
    const run = this.store.runs.get(runId);
    if (run?.status === "awaiting_input") this.move(run, "running");
  }

  /** One statement checks the status the row has now and writes the new one; only a refused move reads the row, to say why. */
  private move(run: RunRow, to: RunStatus, patch: RunPatch = {}): void {
    if (this.store.runs.move(run.runId, leadingTo(to), to, patch)) return;
    // Gone (deleted meanwhile): nothing to write, but a move its last known status forbids is still refused.
    const from = this.store.runs.get(run.runId)?.status ?? run.status;
    if (!leadingTo(to).includes(from)) throw new CodedError("invalid_transition", `run ${run.runId} cannot go from ${from} to ${to}`);
  }
}
