import { useQuery } from "@tanstack/react-query";
import { Vote } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { prefersHour24 } from "../../../contract/languages";
import { POLL_ANSWERS, type PollAnswerName } from "../../../contract/polls";
import type { pollsResponses } from "../../../contract/responses/polls";
import type { AnswerData } from "../../../contract/responses/shared";
import { Button, Card, EmptyState, Field, FullPageSpinner, Input, toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { currentLocale, t } from "../../lib/i18n";
import { embed } from "../bookings/embed";
import { TimeFormatSwitch } from "../bookings/TimeFormatSwitch";
import { TimezoneSelect } from "../bookings/TimezoneSelect";
import { formatPollTime, localZone } from "./time";

/** The answers' names in the page's language. */
const ANSWER_LABELS: Record<PollAnswerName, AppMessageId> = {
  yes: "polls.answer.yes",
  maybe: "polls.answer.maybe",
  no: "polls.answer.no",
};

/** /poll/:slug: a participant votes; with ?token= (their private link) they change their own votes. */
export default function PollPage() {
  const { slug = "" } = useParams();
  const [params] = useSearchParams();
  const [token, setToken] = useState(params.get("token"));
  const poll = useQuery({
    queryKey: ["poll", slug],
    queryFn: () => api.get<AnswerData<typeof pollsResponses.publicPoll>>(`/polls/${slug}/public`),
    retry: false,
  });
  const own = useQuery({
    queryKey: ["poll", slug, "own", token],
    queryFn: () => api.get<AnswerData<typeof pollsResponses.voter>>(`/polls/${slug}/votes/${token}`),
    enabled: !!token,
    retry: false,
  });
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [votes, setVotes] = useState<Record<string, PollAnswerName>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [zone, setZone] = useState(localZone);
  // The host's 12h/24h in English, else the language's own clock, until the participant switches.
  const [hour24Choice, setHour24] = useState<boolean | null>(null);

  useEffect(() => {
    if (own.data) {
      setName(own.data.name);
      setEmail(own.data.email);
      setVotes(own.data.votes);
    }
  }, [own.data]);

  if (poll.isLoading) return <FullPageSpinner />;
  const p = poll.data;
  const hour24 =
    hour24Choice ?? (currentLocale() === "en" ? p?.hostTimeFormat === "24h" : prefersHour24(currentLocale()));
  const timeOf = (iso: string) => formatPollTime(iso, zone, hour24);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (token) {
        await api.put(`/polls/${slug}/votes/${token}`, { name, votes });
        toast.success(t("polls.public.updated"));
      } else {
        const res = await api.post<AnswerData<typeof pollsResponses.voted>>(`/polls/${slug}/votes`, {
          name,
          email,
          votes,
        });
        const url = `${window.location.origin}/poll/${slug}?token=${res.token}`;
        setLink(url);
        setToken(res.token);
        toast.success(t("polls.public.thanks"));
      }
      void poll.refetch();
    } catch (err) {
      setError(errorMessage(err, t("polls.public.saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={embed ? "px-4 py-6" : "min-h-screen bg-slate-50 px-4 py-10"}>
      <Card className="mx-auto max-w-2xl p-6 sm:p-8">
        {!p ? (
          <EmptyState
            icon={Vote}
            title={t("polls.notFound")}
            // The server's words only when they say more than the title (its own "Poll not found").
            description={
              errorMessage(poll.error, "") === "Poll not found"
                ? t("polls.public.notFoundText")
                : errorMessage(poll.error, "")
            }
          />
        ) : (
          <>
            <p className="text-slate-500 text-sm">{t("polls.public.asks", { name: p.hostName })}</p>
            <h1 className="font-semibold text-2xl text-slate-900">{p.title}</h1>
            <p className="mt-1 text-slate-500 text-sm">{t("polls.minutes", { count: p.duration })}</p>
            <div className="mt-4 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
              <div className="min-w-0 sm:w-80">
                <TimezoneSelect value={zone} onChange={setZone} />
              </div>
              <TimeFormatSwitch hour24={hour24} onChange={setHour24} />
            </div>
            {p.closed ? (
              <p role="alert" className="mt-6 rounded-md bg-amber-50 px-3 py-2 text-amber-800 text-sm">
                {t("polls.public.closed")}
              </p>
            ) : (
              <form
                onSubmit={submit}
                className="mt-6 flex flex-col gap-5"
                aria-label={t("polls.public.vote")}
              >
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label={t("polls.public.name")} htmlFor="voter-name">
                    <Input
                      id="voter-name"
                      value={name}
                      onChange={(e) => setName(e.target.value)}
                      autoComplete="name"
                    />
                  </Field>
                  <Field label={t("polls.public.email")} htmlFor="voter-email">
                    <Input
                      id="voter-email"
                      type="email"
                      value={email}
                      disabled={!!token}
                      onChange={(e) => setEmail(e.target.value)}
                      autoComplete="email"
                    />
                  </Field>
                </div>
                <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {p.times.map((time) => (
                    <li key={time.start} className="flex flex-wrap items-center gap-3 px-3 py-3">
                      <div className="min-w-[180px] flex-1">
                        <p className="font-medium text-slate-800 text-sm">{timeOf(time.start)}</p>
                        <p className="text-slate-500 text-xs">
                          {t("polls.public.tally", { yes: time.yes, maybe: time.maybe })}
                        </p>
                      </div>
                      <fieldset
                        className="flex gap-1"
                        aria-label={t("polls.public.answerFor", { time: timeOf(time.start) })}
                      >
                        {POLL_ANSWERS.map((a) => (
                          <label
                            key={a}
                            className={`cursor-pointer rounded-md border px-2.5 py-1 text-xs ${votes[time.start] === a ? "border-accent bg-accent-soft font-medium text-accent-strong" : "border-slate-200 text-slate-600"}`}
                          >
                            <input
                              type="radio"
                              className="sr-only"
                              name={`vote-${time.start}`}
                              checked={votes[time.start] === a}
                              onChange={() => setVotes((v) => ({ ...v, [time.start]: a }))}
                            />
                            {t(ANSWER_LABELS[a])}
                          </label>
                        ))}
                      </fieldset>
                    </li>
                  ))}
                </ul>
                {error && (
                  <p role="alert" className="text-red-600 text-sm">
                    {error}
                  </p>
                )}
                <Button type="submit" loading={busy} disabled={!name.trim() || (!token && !email.trim())}>
                  {t(token ? "polls.public.update" : "polls.public.submit")}
                </Button>
                {link && (
                  <p className="rounded-md bg-slate-50 px-3 py-2 text-slate-600 text-sm">
                    {t("polls.public.keepLink")}{" "}
                    <a href={link} className="break-all text-accent-strong underline">
                      {link}
                    </a>
                  </p>
                )}
              </form>
            )}
          </>
        )}
      </Card>
    </main>
  );
}
