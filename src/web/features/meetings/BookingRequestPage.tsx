import { CalendarCheck, CalendarX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MAX_DECLINE_REASON } from "../../../contract/approval";
import {
  Button,
  buttonClasses,
  Card,
  EmptyState,
  Field,
  FullPageSpinner,
  Textarea,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { formatSlotInWords } from "../bookings/time";
import { useAnswerByLink, useRequestView } from "./queries";

const DONE: Record<string, string> = {
  confirmed: "This request is confirmed: the invitee has been emailed their invitation.",
  completed: "This request was confirmed.",
  no_show: "This request was confirmed.",
  declined: "This request was declined: the invitee has been emailed.",
  expired: "This request expired before it was answered.",
  cancelled: "The invitee cancelled this request.",
};

/**
 * /meetings/request?uid=&token=&action=confirm|decline: where a new-request mail's links land. The
 * link's token is the credential (no sign-in); the page asks before acting, so a mail scanner that
 * opens links confirms nothing. A link acts once: afterwards the page says how the request stands.
 */
export default function BookingRequestPage() {
  const [params] = useSearchParams();
  const uid = params.get("uid") ?? "";
  const token = params.get("token") ?? "";
  const action = params.get("action") === "decline" ? "decline" : "confirm";
  const view = useRequestView(uid, token);
  const answer = useAnswerByLink(uid, token);
  const [reason, setReason] = useState("");
  const tooLong = reason.trim().length > MAX_DECLINE_REASON;

  useEffect(() => {
    document.title = action === "decline" ? "Decline request" : "Confirm request";
  }, [action]);

  if (view.isLoading) return <FullPageSpinner />;
  const r = view.data;
  const act = () => answer.mutate({ confirm: action === "confirm", reason: reason.trim() });

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md p-8">
        {!r ? (
          <EmptyState
            icon={CalendarX}
            title="Request not found"
            description="The link may be mistyped or incomplete."
          />
        ) : (
          <>
            <h1 className="font-semibold text-slate-900 text-xl">
              {r.status !== "pending"
                ? "Booking request"
                : action === "confirm"
                  ? "Confirm this booking?"
                  : "Decline this request?"}
            </h1>
            <dl className="mt-4 grid gap-1 text-sm">
              <dt className="sr-only">Event</dt>
              <dd className="font-medium text-slate-900">{r.title}</dd>
              <dt className="sr-only">Invitee</dt>
              <dd className="text-slate-700">
                {r.attendeeName} ({r.attendeeEmail})
              </dd>
              <dt className="sr-only">When</dt>
              <dd className="text-slate-700">
                {formatSlotInWords(r.startTime, r.endTime, r.hostZone)} ({r.hostZone})
              </dd>
            </dl>
            {r.status !== "pending" ? (
              <p role="status" className="mt-6 rounded-md bg-slate-100 px-3 py-2 text-slate-700 text-sm">
                {DONE[r.status] ?? "This request has been answered."}
              </p>
            ) : (
              <>
                {action === "decline" && (
                  <Field
                    label="Reason (optional)"
                    htmlFor="request-reason"
                    className="mt-6"
                    error={tooLong ? `At most ${MAX_DECLINE_REASON} characters` : undefined}
                    hint="Shown in the invitee's email."
                  >
                    <Textarea
                      id="request-reason"
                      rows={3}
                      value={reason}
                      invalid={tooLong}
                      onChange={(e) => setReason(e.target.value)}
                    />
                  </Field>
                )}
                {answer.isError && (
                  <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-red-700 text-sm">
                    {errorMessage(answer.error, "Failed to answer the request.")}
                  </p>
                )}
                <div className="mt-6 flex flex-col gap-2 sm:flex-row">
                  <Button
                    variant={action === "confirm" ? "primary" : "danger"}
                    loading={answer.isPending}
                    disabled={tooLong}
                    onClick={act}
                    className="sm:flex-1"
                  >
                    {action === "confirm" ? (
                      <>
                        <CalendarCheck size={16} aria-hidden /> Confirm booking
                      </>
                    ) : (
                      "Decline request"
                    )}
                  </Button>
                  <Link
                    to={`/meetings/request?${new URLSearchParams({ uid, token, action: action === "confirm" ? "decline" : "confirm" })}`}
                    className={buttonClasses({ variant: "outline" })}
                  >
                    {action === "confirm" ? "Decline instead" : "Confirm instead"}
                  </Link>
                </div>
              </>
            )}
          </>
        )}
      </Card>
    </main>
  );
}
