import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Vote } from "lucide-react";
import { useState } from "react";
import { useParams } from "react-router";
import { POLL_ANSWER_LABELS } from "../../../contract/polls";
import type { pollsResponses } from "../../../contract/responses/polls";
import type { AnswerData } from "../../../contract/responses/shared";
import { PageHeader } from "../../components/layout/PageHeader";
import { Badge, Button, Card, ConfirmDialog, EmptyState, Skeleton, toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { zoneLabel } from "../bookings/time";
import { formatPollTime, localZone } from "./time";

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
        <EmptyState icon={Vote} title="Poll not found" description={errorMessage(poll.error, "")} />
      </Card>
    );
  const p = poll.data;
  const link = `${window.location.origin}/poll/${p.slug}`;
  const best = Math.max(0, ...p.times.map((t) => t.yes + t.maybe));

  return (
    <>
      <PageHeader
        title={p.title}
        subtitle={`Meeting poll · ${p.duration} min · ${p.voters.length} participants`}
      />
      <Card className="mb-4 flex flex-wrap items-center gap-3 p-4 text-sm">
        <span className="min-w-0 flex-1 truncate text-slate-600">{link}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success("Link copied"))}
        >
          <Copy size={14} /> Copy poll link
        </Button>
        {p.closed && <Badge tone="green">Booked</Badge>}
      </Card>
      {p.times.length === 0 ? (
        <Card className="p-8">
          <EmptyState
            icon={Vote}
            title="No times proposed"
            description="Edit the poll and pick times from your free slots."
          />
        </Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-sm">
            <caption className="sr-only">Votes per proposed time</caption>
            <thead>
              <tr className="border-slate-200 border-b text-left text-slate-500">
                <th scope="col" className="px-4 py-3 font-medium">
                  Time ({zoneLabel(zone)})
                </th>
                {p.voters.map((v) => (
                  <th key={v._id} scope="col" className="px-3 py-3 font-medium" title={v.email}>
                    {v.name}
                  </th>
                ))}
                <th scope="col" className="px-3 py-3 font-medium">
                  Yes / If need be
                </th>
                <th scope="col" className="px-3 py-3">
                  <span className="sr-only">Book</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.times.map((t) => (
                <tr key={t.start} className="border-slate-100 border-b last:border-0">
                  <th scope="row" className="px-4 py-3 text-left font-medium text-slate-800">
                    {formatPollTime(t.start, zone)}
                    {t.busy && (
                      <Badge tone="red" className="ml-2">
                        Busy
                      </Badge>
                    )}
                  </th>
                  {p.voters.map((v) => {
                    const a = v.votes[t.start];
                    return (
                      <td key={v._id} className="px-3 py-3">
                        {a ? (
                          <Badge tone={a === "yes" ? "green" : a === "maybe" ? "amber" : "grey"}>
                            {POLL_ANSWER_LABELS[a]}
                          </Badge>
                        ) : (
                          "-"
                        )}
                      </td>
                    );
                  })}
                  <td
                    className={`px-3 py-3 ${t.yes + t.maybe === best && best > 0 ? "font-semibold text-green-700" : "text-slate-700"}`}
                  >
                    {t.yes} / {t.maybe}
                  </td>
                  <td className="px-3 py-3 text-right">
                    {!p.closed && (
                      <Button
                        size="sm"
                        onClick={() => setPick(t.start)}
                        disabled={t.yes + t.maybe === 0}
                        aria-label={`Book ${formatPollTime(t.start, zone)}`}
                      >
                        Book
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
        title="Book this time?"
        description={
          pick
            ? `Everyone who voted yes or if need be for ${formatPollTime(pick, zone)} gets an invite, and the poll closes.`
            : ""
        }
        confirmLabel="Book meeting"
        tone="primary"
        busy={book.isPending}
        onConfirm={async () => {
          if (!pick) return;
          try {
            await book.mutateAsync(pick);
            toast.success("Meeting booked");
          } catch (err) {
            toast.error(errorMessage(err, "Failed to book the meeting"));
          }
          setPick(null);
        }}
      />
    </>
  );
}
