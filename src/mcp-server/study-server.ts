// The study agent as an MCP server: tools that start runs through startRun like every other channel
// (study, ask), read the lesson store (list_lessons, get_lesson), create, read and resume courses
// (create_course; get_course and resume_course in course-tools.ts) and grade answers to a
// lesson's exercises (answer_exercise, as POST /v1/lessons/:key/answers does); every lesson as a
// `lesson://{key}` resource; every skill as a prompt. Annotations say honestly what each tool does.
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  ErrorCode,
  LoggingLevelSchema,
  McpError,
  SetLevelRequestSchema,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import * as z from "zod";
import { unconfiguredDelivery } from "../delivery/course-delivery";
import { CourseInput } from "../courses/course-input";
import { createCourse } from "../courses/create-course";
import type { Env } from "../env";
import { Id } from "../http-kit/validation";
import { ExerciseId } from "../learning/answer-exercise";
import { CodedError } from "../lib/coded-error";
import { HttpError } from "../lib/http-error";
import { derivedId } from "../lib/derived-ids";
import type { Tenant } from "../lib/tenant";
import { sessionStub, startRun } from "../session/runs/start-run";
import { readStreamRows } from "../session/trace/stream-events";
import { getLesson, isLessonKey, listLessons } from "../lessons/store";
import { assetsSkillSource, loadSkillCatalog, skillInstructions, skillSettings } from "../tools/skills";
import { answerExerciseResult } from "./answer-exercise-result";
import { registerCourseTools } from "./course-tools";
import { StudyProgress } from "./study-progress";
import { clientElicits, forwardQuestion, type RunQuestion } from "./forward-question";
import { LessonUriTemplate, lessonUri, RESOURCE_NOT_FOUND } from "./lesson-uri";
import { runResult, type RunOutcome } from "./run-result";
import type { McpSessionSettings } from "./settings";

export interface StudyServerContext {
  env: Env;
  config: McpSessionSettings;
  /** The MCP session's id: runs without a sessionId of their own continue in agent session `mcp-<id>`. */
  mcpSessionId: string;
  /** Where this Worker is reached (https://…), for absolute lesson links. */
  origin: string;
  /** Whom the session acts for (the key that opened it): runs, lessons and courses are that tenant's. */
  tenant: Tenant;
  /** Keeps the server alive until `work` ends, though its client may have gone. */
  keepAwake<T>(work: () => Promise<T>): Promise<T>;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const LEVELS = LoggingLevelSchema.options;

const sessionIdArg = Id.optional().describe(
  "The agent session to continue: the sessionId of an earlier result (its history is kept). Without it the call starts a new session",
);

export async function createStudyServer(ctx: StudyServerContext): Promise<McpServer> {
  const { env, config } = ctx;
  const server = new McpServer(
    { name: "study-agent-edge", title: "StudyAgent", version: "0.1.0" },
    {
      capabilities: { logging: {} },
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
      instructions:
        "StudyAgent researches a topic on the web and writes a chaptered Markdown lesson with exercises and an answer key. Call `study` for a lesson (it takes minutes and reports progress), `ask` for anything else; read saved lessons with `list_lessons` and `get_lesson` or as lesson:// resources.",
    },
  );
  /** The connection's own learner, for answers that name none. */
  const ownSession = derivedId("mcp", ctx.mcpSessionId);
  // The level the client set (logging/setLevel) decides whether it hears a run's warnings; the SDK keeps it
  // where a call's own notifications (on the call's stream, as they belong to it) cannot read it.
  let hearsWarnings = true;
  server.server.setRequestHandler(SetLevelRequestSchema, ({ params }) => {
    hearsWarnings = LEVELS.indexOf(params.level) <= LEVELS.indexOf("warning");
    return {};
  });

  /**
   * Runs the agent and follows it to its end, sending each step as progress; a client's cancel cancels the run.
   * A call naming no session starts one of its own: a desktop host keeps one connection for all its chats, and a
   * session per connection merged them (one chat's turns in another's history). The result names the new session.
   */
  async function runAgent(input: string, sessionId: string | undefined, extra: Extra): Promise<RunOutcome> {
    // A cancel that came first (in the call's own POST, or while the call waited its turn) aborted the signal already.
    if (extra.signal.aborted) throw new McpError(ErrorCode.ConnectionClosed, "The call was cancelled");
    const sid = sessionId ?? derivedId("mcp", crypto.randomUUID());
    const handle = await startRun(env, sid, input, {
      stream: true,
      paradigm: "react",
      maxSteps: config.MAX_STEPS,
      channel: "mcp",
      tenant: ctx.tenant,
      origin: new URL(ctx.origin).origin,
    });
    // The SDK answers a tool's thrown error as a failed result with its message (another tenant's session is not found).
    if (!handle.ok) throw new CodedError(handle.code, handle.message);
    const cancel = () => void sessionStub(env, sid).cancelRun(handle.runId);
    // Aborted while the run started: a signal calls no listener added after it aborted.
    if (extra.signal.aborted) cancel();
    else extra.signal.addEventListener("abort", cancel, { once: true });
    const progress = new StudyProgress();
    const token = extra._meta?.progressToken;
    let steps = 0;
    let question: RunQuestion | undefined;
    let expired: string | undefined;
    try {
      // A question an upstream server asks goes to this client when it can answer; the run then goes on and is followed.
      for (let after = 0; ;) {
        question = undefined;
        for await (const { seq, event: e } of readStreamRows(await handle.events(after))) {
          if (seq !== undefined) after = Math.max(after, seq);
          if (e.type === "input.required") question = { inputId: e.inputId, server: e.server, message: e.message, requestedSchema: e.requestedSchema };
          if (e.type === "input.answered" && e.by === "expiry") expired = e.server;
          if (e.type === "warning" && hearsWarnings) {
            await extra.sendNotification({
              method: "notifications/message",
              params: { level: "warning", logger: "study-agent", data: { code: e.code, message: e.message } },
            });
          }
          const message = progress.step(e);
          if (message && token !== undefined) {
            await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: ++steps, message } });
          }
        }
        if (!question || !clientElicits(server.server)) break;
        const answered = await forwardQuestion(server.server, env, sid, question, {
          signal: extra.signal,
          timeoutMs: config.INPUT_TTL_MS,
          requestId: extra.requestId,
        });
        // Answered (by the client, or as expired), or settled meanwhile: the run goes on, followed from where it was.
        if (!answered || (!answered.ok && answered.code !== "already_answered")) break;
      }
    } finally {
      extra.signal.removeEventListener("abort", cancel);
    }
    // The resources capability promises this; hosts that cache the list refresh it. Other channels' lessons are not announced.
    if (progress.saved.size) await extra.sendNotification({ method: "notifications/resources/list_changed" });
    return { sessionId: sid, started: !sessionId, run: await handle.result(), saved: [...progress.saved.values()], question, expired };
  }

  server.registerTool(
    "study",
    {
      title: "Study a topic",
      description:
        "Research a topic on the web and write a chaptered Markdown lesson with exercises and an answer key; returns the lesson's link and a summary. Takes minutes: progress is reported for each search, page read, chapter written and save.",
      inputSchema: z.strictObject({
        topic: z.string().trim().min(1).max(500).describe("What to learn, e.g. 'derivatives'"),
        level: z.string().trim().min(1).max(100).optional().describe("beginner (default), intermediate, advanced…"),
        language: z.string().trim().min(1).max(50).optional().describe("The lesson's language, e.g. English, 中文"),
        sessionId: sessionIdArg,
      }),
      // It reads the open web and writes a lesson; its agent's save_document may overwrite a lesson the
      // session saved before or delete text from it, so it is destructive.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    async ({ topic, level, language, sessionId }, extra) => {
      const input = [`I want to learn ${topic}.`, `Level: ${level ?? "beginner"}.`, ...(language ? [`Write the lesson in ${language}.`] : [])].join(" ");
      return runResult(await ctx.keepAwake(() => runAgent(input, sessionId, extra)), env, ctx.origin, language);
    },
  );

  server.registerTool(
    "ask",
    {
      title: "Ask the agent",
      description: "A general request to the study agent (questions, harder exercises, changes to a lesson of this session); it keeps the session's history.",
      inputSchema: z.strictObject({ input: z.string().min(1).max(config.MAX_INPUT_CHARS).describe("What to ask"), sessionId: sessionIdArg }),
      // The same agent as study: save_document may overwrite this session's lessons or delete text from them,
      // so it is destructive; tools the deployment marks as dangerous still wait for a person's approval in the run.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    async ({ input, sessionId }, extra) => runResult(await ctx.keepAwake(() => runAgent(input, sessionId, extra)), env, ctx.origin),
  );

  server.registerTool(
    "list_lessons",
    {
      title: "List saved lessons",
      description: "The saved lessons, newest first: key, title, topic, creation time, size, final or draft.",
      // It takes nothing; without a schema the SDK would accept (and ignore) any arguments.
      inputSchema: z.strictObject({}),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async () => {
      const lessons = await listLessons(env.LESSONS, ctx.tenant);
      const text = lessons.length ? lessons.map((l) => `- ${l.title || l.key} (${l.key}, ${l.status})`).join("\n") : "No saved lessons yet.";
      return { content: [{ type: "text", text }], structuredContent: { lessons: lessons.map((l) => ({ ...l, uri: lessonUri(l.key) })) } };
    },
  );

  server.registerTool(
    "get_lesson",
    {
      title: "Read a lesson",
      description: "One saved lesson's Markdown, by its key from list_lessons (e.g. derivatives.md).",
      inputSchema: z.strictObject({ key: z.string().min(1).max(200).describe("The lesson's key") }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ key }) => {
      const lesson = isLessonKey(key) ? await getLesson(env.LESSONS, key, ctx.tenant) : null;
      if (!lesson) return { isError: true, content: [{ type: "text", text: `No lesson ${key}: list_lessons names the ones that exist.` }] };
      return { content: [{ type: "text", text: lesson.markdown }] };
    },
  );

  server.registerTool(
    "create_course",
    {
      title: "Create a daily course",
      description:
        "A course: a syllabus now, then one lesson per period (cron, default daily at 00:00 UTC), written by the agent and delivered to Telegram or Slack when asked.",
      inputSchema: CourseInput,
      // It schedules future runs that read the web and post to chats; it changes nothing that exists.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    async (input) => {
      try {
        const unconfigured = unconfiguredDelivery(env, input.deliver);
        if (unconfigured) return { isError: true, content: [{ type: "text", text: unconfigured }] };
        const created = await createCourse(env, input, ctx.tenant);
        if (!created.ok) return { isError: true, content: [{ type: "text", text: created.message }] };
        const { id, cron } = created;
        return {
          content: [{ type: "text", text: `Created course ${id} (schedule: ${cron}). Its syllabus is being written; get_course follows it.` }],
          structuredContent: { id, cron },
        };
      } catch (e) {
        if (e instanceof HttpError || e instanceof z.ZodError) return { isError: true, content: [{ type: "text", text: e.message }] };
        throw e;
      }
    },
  );

  registerCourseTools(server, env, ctx.tenant);

  server.registerTool(
    "answer_exercise",
    {
      title: "Answer an exercise",
      description:
        "Grades an answer to one exercise of a saved lesson (exercise ids like 1.3 are in its `#### Exercise N.K` headings) and remembers it for the learner: verdict, score, feedback and the expected answer. Multiple choice and fill-in are graded from the Answer Key; short answers and practice tasks by the model.",
      inputSchema: z.strictObject({
        key: z.string().min(1).max(200).describe("The lesson's key, e.g. derivatives.md"),
        exercise: ExerciseId.describe('The exercise id, e.g. "1.3"'),
        answer: z.string().max(config.ANSWER_MAX_CHARS).describe("The learner's answer (a letter A–D for multiple choice)"),
        sessionId: Id.optional().describe("The learner (an agent session) whose progress and reviews it counts for; default: this MCP connection's learner"),
      }),
      // It records an attempt and moves the exercise's review schedule (so not read-only, and a second
      // call is a second attempt unless it repeats the first while it is graded or within
      // ANSWER_REPEAT_WINDOW_MS); it deletes
      // nothing. A short answer is graded by the model, which reads nothing outside the lesson.
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ key, exercise, answer, sessionId }) =>
      ctx.keepAwake(() => answerExerciseResult(env, ctx.tenant, { key, exercise, answer, learner: sessionId ?? ownSession })),
  );

  server.registerResource(
    "lesson",
    new ResourceTemplate(new LessonUriTemplate(), {
      list: async () => ({
        resources: (await listLessons(env.LESSONS, ctx.tenant)).map((l) => ({
          uri: lessonUri(l.key),
          name: l.key,
          title: l.title || l.key,
          mimeType: "text/markdown",
          ...(l.topic ? { description: `A lesson on ${l.topic}` } : {}),
        })),
      }),
    }),
    { title: "Saved lesson", description: "A lesson the agent saved, as Markdown", mimeType: "text/markdown" },
    async (uri, { key }) => {
      const k = String(key);
      const lesson = isLessonKey(k) ? await getLesson(env.LESSONS, k, ctx.tenant) : null;
      if (!lesson) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.href}`);
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: lesson.markdown }] };
    },
  );

  const skills = assetsSkillSource(env.ASSETS);
  const promptArgs = { args: z.string().max(8000).optional().describe("The skill's arguments, e.g. a topic") };
  for (const skill of (await loadSkillCatalog(skills)).skills) {
    const prompt = server.registerPrompt(
      skill.name,
      {
        title: skill.name,
        description: skill.description,
        argsSchema: promptArgs,
      },
      async ({ args }) => {
        const text = await skills.read(`${skill.name}/SKILL.md`);
        if (text === null) throw new McpError(ErrorCode.InternalError, `Skill ${skill.name} is missing from the deployment`);
        return {
          description: skill.description,
          messages: [{ role: "user", content: { type: "text", text: skillInstructions(text, args, skillSettings(env)) } }],
        };
      },
    );
    // registerPrompt takes only a shape, which the SDK makes a stripping object: an argument the prompt
    // does not have would be dropped without a word. A strict one refuses it (-32602, naming it).
    prompt.argsSchema = z.strictObject(promptArgs);
  }
  return server;
}
