import type { ListBookingsQuery, Pagination } from "../../../contract/bookings.js";
import type { ListedBooking } from "../../../contract/seats.js";
import type { Db } from "../../db/client.js";
import { createBookingListRepo } from "./repo-list.js";
import { boundary, toBookingDto } from "./service-records.js";
import { withSeats } from "./service-seats.js";
import { withSeriesInfo } from "./service-series-data.js";

/**
 * The host's Meetings list: a page of meetings (a group slot's seats as one, issue 28 item 2), each with
 * its place in a series (item 3). Part of the bookings service (service.ts).
 */
export function createHostBookingList(db: Db, now: () => Date) {
  const listRepo = createBookingListRepo(db);

  async function list(
    hostId: string,
    hostZone: string,
    q: ListBookingsQuery,
  ): Promise<{ data: ListedBooking[]; pagination: Pagination }> {
    const at = now();
    const { rows, total, capped } = await listRepo.listForHost(hostId, {
      when: q.when,
      status: q.status,
      search: q.search || undefined,
      eventTypeId: q.eventTypeId,
      from: q.from ? boundary(q.from, hostZone, "start") : undefined,
      to: q.to ? boundary(q.to, hostZone, "end") : undefined,
      page: q.page,
      limit: q.limit,
      now: at,
    });
    const page = rows.map((rec) => {
      const dto = toBookingDto(rec, at);
      return { rec, dto: rec.booking.hostUserId === hostId ? dto : { ...dto, coHosting: true } };
    });
    const withSeries = await withSeriesInfo(db, page);
    return {
      data: await withSeats(
        db,
        hostId,
        page.map((row, i) => ({ rec: row.rec, dto: withSeries[i] })),
        at,
      ),
      pagination: {
        page: q.page,
        limit: q.limit,
        total,
        totalPages: Math.ceil(total / q.limit),
        totalCapped: capped,
      },
    };
  }

  return { list };
}
