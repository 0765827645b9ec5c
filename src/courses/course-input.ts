// A course as the caller describes it (POST /v1/courses, or /course on Telegram), validated once.
import * as z from "zod";
import { CronError, parseCron } from "./cron-period";

/** One lesson a day, at midnight UTC: the period is the UTC date. */
export const DEFAULT_COURSE_CRON = "0 0 * * *";

export const CourseInput = z.strictObject({
  topic: z.string().trim().min(1, "topic must not be empty").max(500),
  level: z.string().trim().min(1).max(100).optional(),
  cron: z
    .string()
    .trim()
    .default(DEFAULT_COURSE_CRON)
    .superRefine((expr, ctx) => {
      try {
        parseCron(expr);
      } catch (e) {
        if (!(e instanceof CronError)) throw e;
        ctx.addIssue({ code: "custom", message: e.message });
      }
    }),
  deliver: z
    .strictObject({
      telegramChatId: z.union([z.number().int(), z.string().regex(/^-?\d{1,20}$|^@\w{4,64}$/, "a chat id (digits) or @channelusername")]).optional(),
      slackChannel: z
        .string()
        .regex(/^[#@]?[\w.-]{1,80}$/, "a channel id such as C0123456789")
        .optional(),
    })
    .default({}),
});

export type CourseInput = z.input<typeof CourseInput>;
export type CourseSpec = z.output<typeof CourseInput>;
export type CourseDelivery = CourseSpec["deliver"];
