// What keeps a session's runs moving between requests: its line of runs (executed one at a time, in order,
// and held while a compaction is under way), and the alarm that continues, recovers and expires what is
// open and re-arms itself while work remains (src/lib/watchdog-alarm.ts).
import { unlessStorageClosed } from "../lib/closable-sql";
import { armWatchdog } from "../lib/watchdog-alarm";
import { readAlarmPlan } from "./alarm-plan";
import type { CompactResult } from "./runs/compact-session";
import type { SessionLife } from "./session-life";
import type { SessionConfig } from "./settings";

export interface SessionUpkeepDeps {
  storage: DurableObjectStorage;
  /** The storage's current life: a wipe opens the next. */
  life: () => SessionLife;
  config: () => SessionConfig;
  /** Deletes the session: a released stateless session whose time is up. */
  destroy: () => Promise<unknown>;
}

export class SessionUpkeep {
  /**
   * The compaction under way, if any. The object takes other requests while its summary model call is
   * awaited: a second compact gets this one's answer (one summary), and runs started meanwhile wait in
   * line (queued) to start on the history it leaves.
   */
  private compacting: Promise<CompactResult> | undefined;

  constructor(private readonly d: SessionUpkeepDeps) {}

  /** Runs `compaction` unless one is under way (then its answer); what was queued meanwhile starts when it ends. */
  compact(compaction: () => Promise<CompactResult>): Promise<CompactResult> {
    this.compacting ??= compaction().finally(async () => {
      this.compacting = undefined;
      if (this.d.life().store.runs.anyIn("queued")) await this.runInLine();
    });
    return this.compacting;
  }

  /** Starts the runs in line, or leaves them to a compaction under way, which starts them when it ends. */
  async runInLine(): Promise<void> {
    if (this.d.config().RUN_STEPS_PER_INVOCATION) {
      // Driven step by step, a run's first step is its alarm's too: the request that starts it only queues it.
      await this.d.storage.setAlarm(Date.now());
    } else {
      await this.armWatchdog();
      this.pump();
    }
  }

  /** Executes what is in line, unless a compaction under way holds it (compact() starts it then). */
  pump(): void {
    if (!this.compacting) void this.d.life().executor.pump();
  }

  /** Puts a run whose approvals are all settled back in line (or, without one, runs what is in line: a run recovering from a lost input). */
  async resume(runId?: string): Promise<void> {
    if (runId) this.d.life().lifecycle.resume(runId);
    // The pump takes the run up (uses its resume mark) before the alarm is set, so no alarm is set for it.
    this.pump();
    await this.armWatchdog();
  }

  /** Sets the alarm: now for a run that yielded between steps, the watchdog while runs are under way, else the next approval's expiry. */
  async armWatchdog(): Promise<void> {
    const plan = readAlarmPlan(this.d.storage.sql, this.d.life().sharedTables);
    const continueAt = plan.continuing ? Date.now() : undefined;
    const working = this.d.life().executor.activeCount > 0 || plan.working;
    await armWatchdog(this.d.storage, working, continueAt, plan.nextExpiry, plan.releaseAt, plan.nextDelivery);
  }

  /**
   * The watchdog: expires approvals and inputs no one answered, continues a run that yielded between steps,
   * resumes runs lost to a restart (also while awaiting input), and re-arms while work remains.
   */
  async alarm(): Promise<void> {
    const life = this.d.life();
    // One read says what can be due; most alarms only continue a run that yielded between steps.
    const plan = readAlarmPlan(this.d.storage.sql, life.sharedTables);
    // A released stateless session whose time is up goes entirely.
    if (plan.releaseAt <= Date.now() && life.executor.activeCount === 0) {
      await this.d.destroy();
      return;
    }
    // Pending questions are looked at even before they are due: one this object no longer holds is lost (input-requests.ts).
    if (plan.nextExpiry !== undefined) {
      for (const runId of life.approvals.expire(Date.now())) life.lifecycle.resume(runId);
      life.inputs.expire(Date.now());
      for (const runId of life.clientCalls.due(Date.now())) {
        const run = life.store.runs.get(runId);
        life.clientCalls.withdraw(runId, "none came within CLIENT_TOOLS_TTL_MS.");
        if (run) life.executor.finish(run, { runId, status: "cancelled", output: run.output, steps: run.steps, usage: run.usage });
      }
    }
    // A delete during the deliveries ends their life; the alarm goes on with the next one.
    if (plan.nextDelivery !== undefined && plan.nextDelivery <= Date.now()) await life.outbox.deliverDue().catch(unlessStorageClosed);
    // The pump takes a yielded run up before the alarm is re-armed, which would otherwise be set for now again.
    if (this.d.life().executor.activeCount === 0) this.pump();
    await this.armWatchdog();
  }
}
