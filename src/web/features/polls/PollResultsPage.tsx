import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Vote } from "lucide-react";
import { useState } from "react";
import { useParams } from "react-router";
import type { PollAnswerName } from "../../../contract/polls";
import type { pollsResponses } from "../../../contract/responses/polls";
import type { AnswerData } from "../../../contract/responses/shared";
import { PageHeader } from "../../components/layout/PageHeader";
import { Badge, Button, Card, ConfirmDialog, EmptyState, Skeleton, toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { zoneLabel } from "../bookings/time";
import { formatPollTime, localZone } from "./time";

/** The answers' names in the page's language. */
const ANSWER_LABELS: Record<PollAnswerName, AppMessageId> = {
  yes: "polls.answer.yes",
  maybe: "polls.answer.maybe",
  no: "polls.answer.no",
};

/** /polls/:id: the host's grid of votes; picking a time books every yes and if-need-be voter. */
export default function PollResultsPage() {
  const { id = "" } = useParams();
  const zone = localZone();
  const queryClient = useQueryClient();
  const poll = useQuery({
    queryKey: ["poll-results", id],
    queryFn: () => api.get<AnswerData<typeof pollsResponses.hostPoll>>(`/polls/${id}`),
  });
  const [pick, setPick] = useState<string | null>(null);
  const book = useMutation({
    mutationFn: (startTime: string) =>
      api.post<AnswerData<typeof pollsResponses.booked>>(`/polls/${id}/book`, { startTime }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["poll-results", id] });
      void queryClient.invalidateQueries({ queryKey: ["event-types"] });
    },
  });

  if (poll.isLoading) return <Skeleton className="h-96" />;
  if (!poll.data)
    return (
      <Card className="p-8">
        <EmptyState icon={Vote} title={t("polls.notFound")} description={errorMessage(poll.error, "")} />
      </Card>
    );
  const p = poll.data;
  const link = `${window.location.origin}/poll/${p.slug}`;
  const best = Math.max(0, ...p.times.map((time) => time.yes + time.maybe));

  return (
    <>
      <PageHeader
        title={p.title}
        subtitle={t("polls.results.subtitle", { duration: p.duration, count: p.voters.length })}
      />
      <Card className="mb-4 flex flex-wrap items-center gap-3 p-4 text-sm">
        <span className="min-w-0 flex-1 truncate text-slate-600">{link}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(() => toast.success(t("polls.results.copied")))
          }
        >
          <Copy size={14} /> {t("polls.results.copy")}
        </Button>
        {p.closed && <Badge tone="green">{t("polls.results.booked")}</Badge>}
      </Card>
      {p.times.length === 0 ? (
        <Card className="p-8">
          <EmptyState
            icon={Vote}
            title={t("polls.results.noTimes")}
            description={t("polls.results.noTimesText")}
          />
        </Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-sm">
            <caption className="sr-only">{t("polls.results.caption")}</caption>
            <thead>
              <tr className="border-slate-200 border-b text-start text-slate-500">
                <th scope="col" className="px-4 py-3 font-medium">
                  {t("polls.results.time", { zone: zoneLabel(zone) })}
                </th>
                {p.voters.map((v) => (
                  <th key={v._id} scope="col" className="px-3 py-3 font-medium" title={v.email}>
                    {v.name}
                  </th>
                ))}
                <th scope="col" className="px-3 py-3 font-medium">
                  {t("polls.results.yesMaybe")}
                </th>
                <th scope="col" className="px-3 py-3">
                  <span className="sr-only">{t("polls.results.book")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.times.map((time) => (
                <tr key={time.start} className="border-slate-100 border-b last:border-0">
                  <th scope="row" className="px-4 py-3 text-start font-medium text-slate-800">
                    {formatPollTime(time.start, zone)}
                    {time.busy && (
                      <Badge tone="red" className="ms-2">
                        {t("polls.results.busy")}
                      </Badge>
                    )}
                  </th>
                  {p.voters.map((v) => {
                    const a = v.votes[time.start];
                    return (
                      <td key={v._id} className="px-3 py-3">
                        {a ? (
                          <Badge tone={a === "yes" ? "green" : a === "maybe" ? "amber" : "grey"}>
                            {t(ANSWER_LABELS[a])}
                          </Badge>
                        ) : (
                          "-"
                        )}
                      </td>
                    );
                  })}
                  <td
                    className={`px-3 py-3 ${time.yes + time.maybe === best && best > 0 ? "font-semibold text-green-700" : "text-slate-700"}`}
                  >
                    {time.yes} / {time.maybe}
                  </td>
                  <td className="px-3 py-3 text-end">
                    {!p.closed && (
                      <Button
                        size="sm"
                        onClick={() => setPick(time.start)}
                        disabled={time.yes + time.maybe === 0}
                        aria-label={t("polls.results.bookTime", { time: formatPollTime(time.start, zone) })}
                      >
                        {t("polls.results.book")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConfirmDialog
        open={!!pick}
        onOpenChange={(open) => !open && setPick(null)}
        title={t("polls.results.confirmTitle")}
        description={pick ? t("polls.results.confirmText", { time: formatPollTime(pick, zone) }) : ""}
        confirmLabel={t("polls.results.bookMeeting")}
        tone="primary"
        busy={book.isPending}
        onConfirm={async () => {
          if (!pick) return;
          try {
            await book.mutateAsync(pick);
            toast.success(t("polls.results.meetingBooked"));
          } catch (err) {
            toast.error(errorMessage(err, t("polls.results.bookFailed")));
          }
          setPick(null);
        }}
      />
    </>
  );
}
