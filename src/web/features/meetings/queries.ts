import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BookingRequestView } from "../../../contract/approval";
import type { BookingDto, BookingStatus, HostCancelReason, Pagination } from "../../../contract/bookings";
import type {
  bookingsResponses,
  DaySlotsAnswer,
  MonthDaysAnswer,
} from "../../../contract/responses/bookings";
import type { AnswerData } from "../../../contract/responses/shared";
import type { ListedBooking } from "../../../contract/seats";
import { api, requestAnswer } from "../../lib/api";

type Booking = AnswerData<typeof bookingsResponses.one>;

export type MeetingsTab = "upcoming" | "past";
export type StatusFilter = "all" | BookingStatus;

export interface MeetingsParams {
  tab: MeetingsTab;
  status: StatusFilter;
  search: string;
  page: number;
  limit: number;
}

/** Every booking read (meetings list, dashboard recent bookings) lives under this key. */
export const bookingKeys = {
  all: ["bookings"] as const,
  list: (p: MeetingsParams) => ["bookings", "list", p] as const,
};

/** Analytics read bookings too: any booking write refreshes them. */
const analyticsKey = ["analytics"] as const;

/** The GET /bookings query string for a tab, filter, search and page. */
export function listQueryString(p: MeetingsParams): string {
  // Upcoming: not ended yet, soonest first. Past: ended, latest first (the server orders both).
  const q = new URLSearchParams({ when: p.tab });
  if (p.status !== "all") q.set("status", p.status);
  const search = p.search.trim();
  if (search) q.set("search", search);
  q.set("page", String(p.page));
  q.set("limit", String(p.limit));
  return q.toString();
}

export interface BookingPage {
  bookings: ListedBooking[];
  pagination: Pagination;
}

export function useBookingList(params: MeetingsParams) {
  return useQuery({
    queryKey: bookingKeys.list(params),
    queryFn: async (): Promise<BookingPage> => {
      const answer = await requestAnswer<typeof bookingsResponses.list>(
        "GET",
        `/bookings?${listQueryString(params)}`,
      );
      return { bookings: answer.data, pagination: answer.pagination };
    },
    // Paging and typing keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

function useRefreshBookings() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    void queryClient.invalidateQueries({ queryKey: analyticsKey });
  };
}

/** Puts the server's answer for one booking into every cached page that shows it. */
function usePatchCachedBooking() {
  const queryClient = useQueryClient();
  return (updated: BookingDto) => {
    queryClient.setQueriesData<BookingPage>({ queryKey: [...bookingKeys.all, "list"] }, (page) =>
      page
        ? {
            ...page,
            // A group meeting keeps its seats until the list is read again.
            bookings: page.bookings.map((b) => (b._id === updated._id ? { ...updated, seats: b.seats } : b)),
          }
        : page,
    );
  };
}

/** Cancels a booking, one seat of a group meeting, or with `meeting` every seat of it. */
export function useCancelBooking() {
  const refresh = useRefreshBookings();
  const patch = usePatchCachedBooking();
  return useMutation({
    mutationFn: ({
      id,
      reason,
      note,
      meeting,
      scope,
    }: {
      id: string;
      reason: HostCancelReason;
      note?: string;
      meeting?: boolean;
      scope?: "this" | "following";
    }) =>
      api.put<Booking>(`/bookings/${id}/${meeting ? "cancel-meeting" : "cancel"}`, {
        reason,
        ...(note ? { note } : {}),
        // A series' later occurrences go too only when asked (issue 28 item 3).
        ...(scope === "following" ? { scope } : {}),
      }),
    onSuccess: (updated) => {
      patch(updated);
      refresh();
    },
  });
}

export function useSetNoShow() {
  const refresh = useRefreshBookings();
  const patch = usePatchCachedBooking();
  return useMutation({
    mutationFn: ({ id, noShow }: { id: string; noShow: boolean }) =>
      api.put<Booking>(`/bookings/${id}/no-show`, { noShow }),
    onSuccess: (updated) => {
      patch(updated);
      refresh();
    },
  });
}

/** Answers a booking request (issue 28): confirm, or decline with an optional reason. */
export function useAnswerRequest() {
  const refresh = useRefreshBookings();
  const patch = usePatchCachedBooking();
  return useMutation({
    mutationFn: ({ id, confirm, reason }: { id: string; confirm: boolean; reason?: string }) =>
      confirm
        ? api.post<Booking>(`/bookings/${id}/confirm`)
        : api.post<Booking>(`/bookings/${id}/decline`, { reason: reason ?? "" }),
    onSuccess: (updated) => {
      patch(updated);
      refresh();
    },
  });
}

/** The mailed link's request (issue 28): read with the link's token, no session needed. */
export function useRequestView(uid: string, token: string) {
  return useQuery({
    queryKey: ["bookings", "request", uid],
    queryFn: () =>
      api.get<BookingRequestView>(
        `/bookings/requests/${encodeURIComponent(uid)}?token=${encodeURIComponent(token)}`,
      ),
    enabled: !!uid && !!token,
    retry: false,
  });
}

/** Confirms or declines through the mailed link; the answer is the request as it now stands. */
export function useAnswerByLink(uid: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ confirm, reason }: { confirm: boolean; reason?: string }) =>
      api.post<BookingRequestView>(
        `/bookings/requests/${encodeURIComponent(uid)}/${confirm ? "confirm" : "decline"}`,
        { token, reason: reason ?? "" },
      ),
    onSuccess: (view) => queryClient.setQueryData(["bookings", "request", uid], view),
  });
}

export function useRescheduleBooking() {
  const refresh = useRefreshBookings();
  const patch = usePatchCachedBooking();
  return useMutation({
    mutationFn: ({ id, startTime, scope }: { id: string; startTime: string; scope?: "this" | "following" }) =>
      api.put<Booking>(`/bookings/${id}/reschedule`, { startTime, scope }),
    onSuccess: (updated) => {
      patch(updated);
      refresh();
    },
  });
}

/**
 * Free times for moving a booking: the booking's own time counts as free (excludeBookingId),
 * in the zone the host reads times in. `month` gives the days with slots, `date` the slots.
 */
function slotsPath(b: BookingDto, zone: string, by: { month: string } | { date: string }): string {
  const q = new URLSearchParams({ ...by, timezone: zone, excludeBookingId: b._id });
  return `/bookings/availability/${b.eventType._id}?${q}`;
}

export function useRescheduleDays(b: BookingDto | null, zone: string, month: string) {
  return useQuery({
    queryKey: ["bookings", "slot-days", b?._id, zone, month],
    queryFn: () => api.get<MonthDaysAnswer>(slotsPath(b as BookingDto, zone, { month })),
    enabled: !!b?.eventType._id,
    staleTime: 0,
  });
}

export function useRescheduleSlots(b: BookingDto | null, zone: string, date: string | null) {
  return useQuery({
    queryKey: ["bookings", "slots", b?._id, zone, date],
    queryFn: () => api.get<DaySlotsAnswer>(slotsPath(b as BookingDto, zone, { date: date as string })),
    enabled: !!b?.eventType._id && !!date,
    staleTime: 0,
  });
}
