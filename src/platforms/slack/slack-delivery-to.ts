// What a course's `deliver` entry may name on Slack (`to`), checked when the course is created: a conversation id
// (C… a channel, G… a private one, D… a direct message), upper case as Slack gives it. A name (`#general`,
// `general`) was accepted and was a second spelling of one channel (two targets, every lesson twice); a person's id
// (U…, W…) lands in the app's DM with them, whose id (D…) is what a quiz asked for in that DM names, so its
// course would not be found there (deliversTo): both are refused, saying what to send. The rules are the web
// page's too (public/js/delivery-target.js), which says a refusal in the page's language.
import * as z from "zod";
import { slackTargetProblem } from "../../../public/js/delivery-target.js";

export const slackDeliveryTo = z.union([z.string(), z.number()]).superRefine((to, ctx) => {
  const problem = slackTargetProblem(String(to));
  if (typeof to === "string" && !problem) return;
  ctx.addIssue({
    code: "custom",
    message: problem?.fix
      ? `write the channel id as Slack shows it: ${problem.fix}`
      : "must be a channel id such as C0123456789 (G… private, D… a direct message), not a name or a person's id: Slack shows it at the bottom of the channel's details",
  });
});
