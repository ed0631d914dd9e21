import type { BookingDto } from "../../../contract/bookings.js";
import type { Db } from "../../db/client.js";
import type { StoredBookingStatus } from "../../db/schema/index.js";
import { createBookingPagesRepo } from "./repo-pages.js";
import { toBookingDto } from "./service-records.js";

/** The host's bookings page by page in a stable order (start, id): the public API's list. */
export function createBookingPages(db: Db, deps: { now: () => Date }) {
  const repo = createBookingPagesRepo(db);
  return {
    async page(
      hostUserId: string,
      q: {
        status?: StoredBookingStatus;
        from?: string;
        to?: string;
        eventTypeId?: string;
        after?: { start: string; id: string };
        limit: number;
      },
    ): Promise<BookingDto[]> {
      const at = deps.now();
      const rows = await repo.page(hostUserId, {
        status: q.status,
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        eventTypeId: q.eventTypeId,
        after: q.after && { start: new Date(q.after.start), id: q.after.id },
        limit: q.limit,
      });
      return rows.map((rec) => toBookingDto(rec, at));
    },
  };
}

export type BookingPages = ReturnType<typeof createBookingPages>;
