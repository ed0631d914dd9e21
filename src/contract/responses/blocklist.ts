import { z } from "zod";
import type { BlockAttemptDto, BlocklistDto, BlockRuleDto } from "../blocklist.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

const ruleSchema = z.object({
  _id: z.string(),
  kind: z.enum(["email", "domain"]),
  value: z.string(),
  createdAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof ruleSchema>, BlockRuleDto>;

const attemptSchema = z.object({
  _id: z.string(),
  email: z.string(),
  rule: z.string(),
  eventTitle: z.string(),
  attemptedAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof attemptSchema>, BlockAttemptDto>;

const blocklistSchema = z.object({
  rules: z.array(ruleSchema),
  blockDisposable: z.boolean(),
  attempts: z.array(attemptSchema),
});
true satisfies Agrees<z.input<typeof blocklistSchema>, BlocklistDto>;

export const blocklistResponses = {
  view: { 200: envelope(blocklistSchema) },
  added: { 201: envelope(ruleSchema) },
  removed: { 200: doneEnvelope },
  disposable: { 200: envelope(blocklistSchema) },
};
