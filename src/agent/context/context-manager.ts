// Keeps a run inside the model's context window. Before each model call it builds what the model sees
// from the full history: the compaction overlay, then micro-compaction; it counts the tokens and, past
// the threshold, compacts (one compaction at a time). After each call it learns the provider's count.
// Of the images, only the most recent `maxImages` are shown (recent-images.ts).
// It also cuts long tool outputs as they arrive, keeping them whole in the output store.
// It is a trusted hook (hooks.ts): transformContext, afterModel and afterToolCall; put it first in a run's hooks.
import { addUsage, emptyUsage, type Emit, type Usage } from "../events";
import type { Hooks, ModelStep, RunContext, ToolCallInfo } from "../hooks";
import { imagesOf, latestImages, newId, now, type Message } from "../messages";
import type { ModelClient, ModelResponse } from "../model";
import type { RunState } from "../run-state";
import type { ToolResult } from "../tools";
import type { TodoStore } from "../todo";
import { applyCompaction, renderTranscript, splitRounds, summarize, type Compaction, type CompactionStore } from "./compaction";
import { loadedSkills, mergeSkills, type LoadedSkill } from "./loaded-skills";
import { microCompact, type MicroCompactionLimits } from "./micro-compaction";
import { showRecentImages } from "./recent-images";
import { PromptTokenCounter } from "./token-accounting";
import { estimateTextTokens, estimateTokens } from "./tokens";
import type { ToolOutputStore } from "./tool-outputs";
import { truncateOutput, type OutputLimits } from "./truncation";

export interface ContextSettings {
  /** MODEL_CONTEXT_WINDOW, in tokens. */
  contextWindow: number;
  /** Compact when a request would fill more than this fraction of the window. */
  compactionThreshold: number;
  /** AUTO_COMPACTION: false leaves compaction to an explicit compactNow (POST /v1/sessions/:id/compact, /compact). */
  autoCompaction: boolean;
  /** Rounds kept whole by a compaction (fewer when they alone would fill half the budget). */
  keepRounds: number;
  summaryMaxTokens: number;
  micro: MicroCompactionLimits;
  output: OutputLimits;
  /**
   * The most images one model call shows (MAX_IMAGES_PER_CALL): the conversation's most recent ones; an older
   * one is a line naming it. A compaction keeps this many of the images it replaces. Absent: every image.
   */
  maxImages?: number;
}

export interface ContextDeps {
  /** Writes the summaries. */
  model: ModelClient;
  outputs: ToolOutputStore;
  compactions: CompactionStore;
  todos: TodoStore;
  /** The run's shared facts; the loaded skills are read from here. */
  runState: RunState;
  /**
   * The skills earlier runs of the conversation loaded, read from its history (the skills tool's results): a
   * chat's every message is a run of its own, and a skill is loaded so far for as long as the conversation lasts.
   */
  skillsInHistory?: (messages: readonly Message[]) => LoadedSkill[];
  settings: ContextSettings;
}

export interface PrepareRequest {
  system: string;
  /** The full history, oldest first. */
  messages: readonly Message[];
  tools: readonly object[];
  signal: AbortSignal;
  emit: Emit;
}

/** What a compaction did: its figures, or why there was nothing to do. */
export type CompactionOutcome =
  | { compacted: true; replacedMessages: number; summaryTokens: number; beforeTokens: number; afterTokens: number; usage?: Usage }
  /** `failed`: the summary could not be written (the model failed), as opposed to nothing to compact. */
  | { compacted: false; reason: string; beforeTokens: number; usage?: Usage; failed?: true };

/** The reason a compaction did nothing: every round is one it keeps whole. */
export const NOTHING_TO_COMPACT = "nothing to compact: the conversation is no longer than the rounds compaction keeps whole";

/** How many characters of a skill's text identify the tool result that loaded it. */
const SKILL_FINGERPRINT_CHARS = 200;

export class ContextManager implements Hooks {
  readonly name = "context";
  readonly trusted = true;
  private readonly counter = new PromptTokenCounter();
  private overlay: { loaded: boolean; compaction?: Compaction } = { loaded: false };
  private compacting: Promise<CompactionOutcome> | undefined;
  /** Compactions finished by this manager. */
  private finished = 0;
  /** Ids of outputs already kept whole in this run. */
  private readonly kept = new Set<string>();

  constructor(private readonly deps: ContextDeps) {}

  private get budget(): number {
    return Math.floor(this.deps.settings.contextWindow * this.deps.settings.compactionThreshold);
  }

  async transformContext(step: ModelStep, run: RunContext): Promise<ModelStep> {
    const { messages, usage } = await this.prepare({ system: step.system, messages: step.messages, tools: step.tools, signal: run.signal, emit: run.emit });
    return { ...step, messages, ...(usage ? { usage: addUsage(step.usage ?? emptyUsage(), usage) } : {}) };
  }

  afterModel(step: ModelStep, response: ModelResponse): void {
    this.counter.observe(step.system, step.messages, step.tools, response.usage?.promptTokens);
  }

  /** Cuts a result over the output limits; the whole output is kept under the result message's id. */
  async afterToolCall(call: ToolCallInfo, result: ToolResult): Promise<ToolResult> {
    const cut = truncateOutput(call.resultId, result.content, this.deps.settings.output);
    if (!cut.truncated) return result;
    await this.keep(call.resultId, result.content);
    return { ...result, content: cut.content, truncated: true };
  }

  /** What the model sees this step; compacts first when the history has outgrown the budget. */
  async prepare(req: PrepareRequest): Promise<{ messages: Message[]; usage?: Usage }> {
    const seen = this.finished;
    const view = await this.view(req.messages);
    const before = this.count(req.system, view, req.tools);
    if (before <= this.budget || !this.deps.settings.autoCompaction) return { messages: view };
    // One compaction at a time: a call that finds one under way (or done since it looked) takes its result.
    if (this.compacting || this.finished !== seen) {
      await this.compacting;
      return { messages: await this.view(req.messages) };
    }
    const outcome = await this.compactOnce(req, before);
    if (!outcome.compacted && outcome.reason === NOTHING_TO_COMPACT) {
      req.emit({
        type: "warning",
        code: "context_over_budget",
        message: `The context (~${before} tokens) is over the compaction budget (${this.budget}) and holds nothing more to compact.`,
      });
    }
    return { messages: await this.view(req.messages), ...(outcome.usage ? { usage: outcome.usage } : {}) };
  }

  /** Compacts now, whatever the budget (a person asked for it): the rounds before the last kept ones become a summary. */
  async compactNow(req: PrepareRequest): Promise<CompactionOutcome> {
    if (this.compacting) await this.compacting;
    const before = this.count(req.system, await this.view(req.messages), req.tools);
    return this.compactOnce(req, before);
  }

  private async compactOnce(req: PrepareRequest, before: number): Promise<CompactionOutcome> {
    const running = this.compact(req, before).finally(() => {
      this.compacting = undefined;
      this.finished++;
    });
    this.compacting = running;
    return running;
  }

  count(system: string, messages: readonly Message[], tools: readonly object[]): number {
    return this.counter.count(system, messages, tools);
  }

  private async keep(id: string, content: string): Promise<void> {
    if (this.kept.has(id)) return;
    await this.deps.outputs.put(id, content);
    this.kept.add(id);
  }

  private async currentCompaction(): Promise<Compaction | undefined> {
    if (!this.overlay.loaded) this.overlay = { loaded: true, compaction: await this.deps.compactions.latest() };
    return this.overlay.compaction;
  }

  /** The skills loaded so far: a compaction's, then the history's, then this run's (a later load replaces one of its name). */
  private skillsSoFar(compacted: readonly LoadedSkill[], messages: readonly Message[]): LoadedSkill[] {
    return mergeSkills(mergeSkills(compacted, this.deps.skillsInHistory?.(messages) ?? []), loadedSkills(this.deps.runState));
  }

  /** The overlay applied to the full history, then micro-compaction. */
  private async view(messages: readonly Message[]): Promise<Message[]> {
    const compaction = await this.currentCompaction();
    const todos = compaction ? await this.deps.todos.load() : [];
    const skills = this.skillsSoFar(compaction?.skills ?? [], messages);
    const fingerprints = skills.map((s) => s.content.slice(0, SKILL_FINGERPRINT_CHARS)).filter(Boolean);
    const { messages: view, shortened } = microCompact(applyCompaction(messages, compaction, todos), this.deps.settings.micro, (m) =>
      fingerprints.some((f) => m.content.includes(f)),
    );
    for (const m of shortened) await this.keep(m.id, m.content);
    const { maxImages } = this.deps.settings;
    return maxImages === undefined ? view : showRecentImages(view, maxImages);
  }

  /** Summarizes the rounds before the last kept ones and records the overlay. */
  private async compact(req: PrepareRequest, beforeTokens: number): Promise<CompactionOutcome> {
    const { settings } = this.deps;
    const previous = await this.currentCompaction();
    const base = applyCompaction(req.messages, previous, []);
    const rounds = splitRounds(previous && base[0]?.id === previous.id ? base.slice(1) : base);
    // The kept rounds must leave room to grow: at most half the budget, and at least the last round.
    let keep = Math.min(settings.keepRounds, rounds.length);
    while (keep > 1 && estimateTokens(rounds.slice(-keep).flat()) > this.budget / 2) keep--;
    const older = rounds.slice(0, rounds.length - keep).flat();
    if (!older.length) return { compacted: false, reason: NOTHING_TO_COMPACT, beforeTokens };

    try {
      const transcriptTokens = settings.contextWindow - settings.summaryMaxTokens - estimateTextTokens(req.system) - 1000;
      const transcript = renderTranscript(older, previous?.summary, Math.max(1000, transcriptTokens));
      const { summary, usage } = await summarize(this.deps.model, transcript, settings.summaryMaxTokens, req.signal);
      const compaction: Compaction = {
        id: newId("summary"),
        throughMessageId: older.at(-1)!.id,
        summary,
        skills: this.skillsSoFar(previous?.skills ?? [], req.messages),
        ...imagesKept(previous, older, settings.maxImages),
        createdAt: now(),
      };
      await this.deps.compactions.save(compaction);
      this.overlay = { loaded: true, compaction };
      const afterTokens = this.count(req.system, await this.view(req.messages), req.tools);
      const figures = { replacedMessages: older.length, summaryTokens: estimateTextTokens(summary), beforeTokens, afterTokens };
      req.emit({ type: "context.compacted", ...figures });
      return { compacted: true, ...figures, ...(usage ? { usage } : {}) };
    } catch (e) {
      // A failed compaction leaves the context as it was; the run goes on (a cancel still ends it).
      if (req.signal.aborted) throw e;
      const reason = `Compaction failed: ${e instanceof Error ? e.message : String(e)}`;
      req.emit({ type: "warning", code: "compaction_failed", message: reason });
      return { compacted: false, reason, beforeTokens, failed: true };
    }
  }
}

/** The images a new compaction keeps: the previous one's, then the replaced turns', the most recent `max`. */
function imagesKept(previous: Compaction | undefined, older: readonly Message[], max = Infinity): Pick<Compaction, "images"> {
  const images = latestImages([...(previous?.images ?? []), ...imagesOf(older)], max);
  return images.length ? { images } : {};
}
