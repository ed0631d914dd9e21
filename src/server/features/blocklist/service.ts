import { createRequire } from "node:module";
import {
  BLOCK_ATTEMPTS_SHOWN,
  type BlocklistDto,
  type BlockRuleBody,
  type BlockRuleDto,
  blockRuleBody,
  MAX_BLOCK_RULES,
} from "../../../contract/blocklist.js";
import type { Db } from "../../db/client.js";
import type { BookerBlockRow } from "../../db/schema/index.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { hostConfigCache } from "../../lib/host-config-cache.js";
import { createBlocklistRepo, DISPOSABLE_VALUE } from "./repo.js";

const require = createRequire(import.meta.url);
let disposable: ReadonlySet<string> | undefined;
/**
 * The disposable-mail domains of the `disposable-email-domains` package (~120k), read on first need:
 * only a booking for a host who turned the switch on pays for it.
 */
function disposableDomains(): ReadonlySet<string> {
  disposable ??= new Set(require("disposable-email-domains") as string[]);
  return disposable;
}

/** Whether `domain` or a parent of it (mail.tempmail.com) is a disposable-mail domain. */
export function isDisposable(domain: string): boolean {
  const list = disposableDomains();
  const parts = domain.split(".");
  for (let i = 0; i < parts.length - 1; i++) if (list.has(parts.slice(i).join("."))) return true;
  return false;
}

const toRuleDto = (row: BookerBlockRow): BlockRuleDto => ({
  _id: row.id,
  kind: row.kind === "email" ? "email" : "domain",
  value: row.value,
  createdAt: row.createdAt.toISOString(),
});

export function createBlocklistService(db: Db) {
  const repo = createBlocklistRepo(db);
  const rulesKept = hostConfigCache<{ kind: string; value: string }[]>();

  async function view(hostId: string): Promise<BlocklistDto> {
    const [rows, attempts] = await Promise.all([
      repo.list(hostId),
      repo.attempts(hostId, BLOCK_ATTEMPTS_SHOWN),
    ]);
    return {
      rules: rows.filter((r) => r.kind !== "disposable").map(toRuleDto),
      blockDisposable: rows.some((r) => r.kind === "disposable"),
      attempts: attempts.map((a) => ({
        _id: a.id,
        email: a.email,
        rule: a.rule,
        eventTitle: a.eventTitle,
        attemptedAt: a.attemptedAt.toISOString(),
      })),
    };
  }

  return {
    view,

    async add(hostId: string, body: BlockRuleBody): Promise<BlockRuleDto> {
      const { value } = blockRuleBody.parse(body);
      if ((await repo.count(hostId)) >= MAX_BLOCK_RULES) {
        throw badRequest(`At most ${MAX_BLOCK_RULES} blocked addresses and domains`, {
          value: "Too many rules",
        });
      }
      const row = await repo.add(hostId, value.includes("@") ? "email" : "domain", value);
      if (!row) throw new AppError("CONFLICT", `${value} is blocked already`, { value: "Already blocked" });
      return toRuleDto(row);
    },

    async remove(hostId: string, id: string): Promise<void> {
      if (!(await repo.remove(hostId, id))) throw notFound("Blocked address not found");
    },

    async setDisposable(hostId: string, enabled: boolean): Promise<BlocklistDto> {
      await repo.setDisposable(hostId, enabled);
      return view(hostId);
    },

    /**
     * The booking guard (bookings' `guards` registry): the rule that refuses `email` for this host, or
     * undefined. A refusal is logged for the host.
     */
    async refuses(input: {
      hostId: string;
      email: string;
      eventTitle: string;
      configVersion?: number;
    }): Promise<string | undefined> {
      const email = input.email.trim().toLowerCase();
      const domain = email.slice(email.lastIndexOf("@") + 1);
      // A host's rules (at most MAX_BLOCK_RULES, most hosts none) are kept while their config counter
      // stands; without the counter, the one index read of the rules that could match.
      const rows =
        input.configVersion === undefined
          ? await repo.matching(input.hostId, email, domain)
          : (await rulesKept.get(input.hostId, input.configVersion, () => repo.rules(input.hostId))).filter(
              (r) => r.value === email || r.value === domain || r.value === DISPOSABLE_VALUE,
            );
      if (rows.length === 0) return undefined;
      const rule =
        rows.find((r) => r.value === email)?.value ??
        rows.find((r) => r.value === domain && r.kind === "domain")?.value ??
        (rows.some((r) => r.value === DISPOSABLE_VALUE) && isDisposable(domain) ? "disposable" : undefined);
      if (rule)
        await repo.logAttempt({ hostUserId: input.hostId, email, rule, eventTitle: input.eventTitle });
      return rule;
    },
  };
}

export type BlocklistService = ReturnType<typeof createBlocklistService>;
