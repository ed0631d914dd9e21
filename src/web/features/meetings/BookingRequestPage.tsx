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
import type { AppMessageId } from "../../lib/app-messages";
import { slotInWords } from "../../lib/host-clock";
import { t } from "../../lib/i18n";
import { useAnswerByLink, useRequestView } from "./queries";

const DONE: Record<string, AppMessageId> = {
  confirmed: "meetings.request.done.confirmed",
  completed: "meetings.request.done.was",
  no_show: "meetings.request.done.was",
  declined: "meetings.request.done.declined",
  expired: "meetings.request.done.expired",
  cancelled: "meetings.request.done.cancelled",
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
    document.title = action === "decline" ? t("meetings.declineTitle") : t("meetings.request.confirmTitle");
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
            title={t("meetings.request.notFound")}
            description={t("meetings.request.notFoundText")}
          />
        ) : (
          <>
            <h1 className="font-semibold text-slate-900 text-xl">
              {r.status !== "pending"
                ? t("meetings.request.heading")
                : action === "confirm"
                  ? t("meetings.request.confirmQuestion")
                  : t("meetings.request.declineQuestion")}
            </h1>
            <dl className="mt-4 grid gap-1 text-sm">
              <dt className="sr-only">{t("meetings.request.event")}</dt>
              <dd className="font-medium text-slate-900">{r.title}</dd>
              <dt className="sr-only">{t("meetings.request.invitee")}</dt>
              <dd className="text-slate-700">
                {r.attendeeName} ({r.attendeeEmail})
              </dd>
              <dt className="sr-only">{t("meetings.request.when")}</dt>
              <dd className="text-slate-700">
                {slotInWords(r.startTime, r.endTime, r.hostZone)} ({r.hostZone})
              </dd>
            </dl>
            {r.status !== "pending" ? (
              <p role="status" className="mt-6 rounded-md bg-slate-100 px-3 py-2 text-slate-700 text-sm">
                {t(DONE[r.status] ?? "meetings.request.answered")}
              </p>
            ) : (
              <>
                {action === "decline" && (
                  <Field
                    label={t("meetings.reasonOptional")}
                    htmlFor="request-reason"
                    className="mt-6"
                    error={tooLong ? t("meetings.atMost", { max: MAX_DECLINE_REASON }) : undefined}
                    hint={t("meetings.reasonHint")}
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
                    {errorMessage(answer.error, t("meetings.request.failed"))}
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
                        <CalendarCheck size={16} aria-hidden /> {t("meetings.request.confirmBooking")}
                      </>
                    ) : (
                      t("meetings.declineTitle")
                    )}
                  </Button>
                  <Link
                    to={`/meetings/request?${new URLSearchParams({ uid, token, action: action === "confirm" ? "decline" : "confirm" })}`}
                    className={buttonClasses({ variant: "outline" })}
                  >
                    {action === "confirm"
                      ? t("meetings.request.declineInstead")
                      : t("meetings.request.confirmInstead")}
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
