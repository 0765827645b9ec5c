// A course as the caller describes it (POST /v1/courses, or /course on Telegram), validated once.
import * as z from "zod";
import { CourseDeliverySchema } from "../delivery/course-delivery";
import { CronError, parseCron } from "./cron-period";

/** One lesson a day, at midnight UTC: the period is the UTC date. */
export const DEFAULT_COURSE_CRON = "0 0 * * *";

/** The longest topic a course takes, in characters. */
export const COURSE_TOPIC_MAX_CHARS = 500;

/** Control characters (line breaks, tabs, …) and Unicode's line and paragraph separators would go verbatim into the course's prompts and chat heading: refused. */
const oneLine = (field: string) =>
  [/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/, `${field} must be one line with plain spaces: no line breaks, tabs or other control characters`] as const;

export const CourseInput = z.strictObject({
  topic: z
    .string()
    .trim()
    .min(1, "topic must not be empty")
    .max(COURSE_TOPIC_MAX_CHARS)
    .regex(...oneLine("topic")),
  level: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(...oneLine("level"))
    .optional(),
  /** The learner's language (a BCP 47 tag): the syllabus and every lesson are asked for in it. */
  language: z
    .string()
    .trim()
    .max(35)
    .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/, 'a language tag such as "es" or "pt-BR"')
    .optional(),
  cron: z
    .string()
    .trim()
    .default(DEFAULT_COURSE_CRON)
    .superRefine((expr, ctx) => {
      try {
        // The Worker's tick runs once an hour (wrangler.toml [triggers]): a schedule that fires more often would
        // be accepted and then get one lesson an hour. Courses stored before this check keep their schedule.
        const { minutes } = parseCron(expr);
        if (minutes.size > 1)
          ctx.addIssue({
            code: "custom",
            message: `"${expr}" fires ${minutes.size} times an hour, but lessons are written by an hourly tick: name one minute (e.g. "0 * * * *")`,
          });
      } catch (e) {
        if (!(e instanceof CronError)) throw e;
        ctx.addIssue({ code: "custom", message: e.message });
      }
    }),
  /** Where its lessons go (src/delivery/course-delivery.ts). */
  deliver: CourseDeliverySchema,
});

export type CourseInput = z.input<typeof CourseInput>;
export type CourseSpec = z.output<typeof CourseInput>;
