import { z } from "zod";

/**
 * Blocked bookers (issue 28 item 5): a host refuses bookings from an e-mail address, a whole domain, or
 * any disposable-mail domain. A blocked invitee gets a neutral refusal (BOOKING_REFUSED) that does not
 * say why; the host sees each refused attempt.
 */
export const BOOKING_REFUSED_MESSAGE = "This booking could not be completed. Please contact the host.";

/** At most this many rules per host; the attempts list shows the latest 50. */
export const MAX_BLOCK_RULES = 500;
export const BLOCK_ATTEMPTS_SHOWN = 50;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An e-mail address (blocks that invitee) or a domain, with or without a leading @ (blocks everyone at it). */
export const blockRuleBody = z.object({
  value: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter an e-mail address or a domain")
    .max(254)
    .transform((v) => (v.startsWith("@") ? v.slice(1) : v))
    .refine((v) => (v.includes("@") ? z.email().safeParse(v).success : DOMAIN.test(v)), {
      message: "Enter an e-mail address (name@example.com) or a domain (example.com)",
    }),
});
export type BlockRuleBody = z.input<typeof blockRuleBody>;

export const disposableBody = z.object({ enabled: z.boolean() });

export type BlockKind = "email" | "domain";

export interface BlockRuleDto {
  _id: string;
  kind: BlockKind;
  value: string;
  createdAt: string;
}

export interface BlockAttemptDto {
  _id: string;
  email: string;
  /** What refused it: the address, the domain, or "disposable". */
  rule: string;
  eventTitle: string;
  attemptedAt: string;
}

export interface BlocklistDto {
  rules: BlockRuleDto[];
  blockDisposable: boolean;
  attempts: BlockAttemptDto[];
}
