import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Slot } from "../../../contract/bookings";
import { type EventTypeDto, MAX_FIXED_TIMES } from "../../../contract/event-types";
import { Button, Field, Input, Spinner, toast } from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { formatPollTime, localZone } from "../polls/time";
import { useUpdateEventType } from "./queries";

/**
 * One-off: the times offered (none = the host's availability) and when the link expires.
 * Meeting poll: up to 40 proposed times. Times are picked from the host's own free slots of a
 * chosen day. Saved on its own.
 */
export function FixedTimesField({ eventType: et }: { eventType: EventTypeDto }) {
  const zone = localZone();
  const poll = et.type === "poll";
  const [times, setTimes] = useState<string[]>(et.fixedTimes);
  const [day, setDay] = useState(() => new Date().toLocaleDateString("en-CA"));
  const [expires, setExpires] = useState(et.expiresAt ? toLocalInput(et.expiresAt) : "");
  const update = useUpdateEventType();
  const slots = useQuery({
    queryKey: ["fixed-times-slots", et._id, day, zone],
    queryFn: () =>
      api.get<Slot[]>(`/bookings/availability/${et._id}?date=${day}&timezone=${encodeURIComponent(zone)}`),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
  const toggle = (iso: string) => {
    const at = new Date(iso).toISOString();
    setTimes((t) =>
      t.includes(at) ? t.filter((x) => x !== at) : t.length >= MAX_FIXED_TIMES ? t : [...t, at].sort(),
    );
  };
  const onSave = async () => {
    try {
      await update.mutateAsync({
        id: et._id,
        body: {
          fixedTimes: times,
          ...(poll ? {} : { expiresAt: expires ? new Date(expires).toISOString() : null }),
        },
      });
      toast.success(poll ? "Poll times saved" : "One-off settings saved");
    } catch (err) {
      toast.error(errorMessage(err, "Failed to save"));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <span className="font-medium text-slate-800 text-sm">
          {poll ? "Proposed times" : "Offered times"}
        </span>
        <p className="text-[13px] text-slate-500">
          {poll
            ? `Pick up to ${MAX_FIXED_TIMES} times from your free slots; participants vote on them.`
            : "Pick the times this private link offers, or none to offer your availability. The link works for one booking."}
        </p>
      </div>
      <Field label="Day" htmlFor={`fixed-day-${et._id}`}>
        <Input id={`fixed-day-${et._id}`} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
      </Field>
      <fieldset className="flex flex-wrap gap-2" aria-label="Free slots">
        {slots.isLoading ? (
          <Spinner />
        ) : (slots.data ?? []).length === 0 ? (
          <p className="text-slate-500 text-sm">No free slots that day.</p>
        ) : (
          slots.data?.map((s) => {
            const on = times.includes(new Date(s.iso).toISOString());
            return (
              <button
                key={s.iso}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(s.iso)}
                className={`rounded-md border px-2.5 py-1 text-sm ${on ? "border-accent bg-accent-soft font-medium text-accent-strong" : "border-slate-200 text-slate-700 hover:border-slate-400"}`}
              >
                {s.startTime}
              </button>
            );
          })
        )}
      </fieldset>
      <ul className="flex flex-wrap gap-2" aria-label={poll ? "Proposed times" : "Offered times"}>
        {times.map((t) => (
          <li
            key={t}
            className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-slate-700 text-xs"
          >
            {formatPollTime(t, zone)}
            <button
              type="button"
              aria-label={`Remove ${formatPollTime(t, zone)}`}
              onClick={() => toggle(t)}
              className="rounded-full p-0.5 hover:bg-slate-200"
            >
              <X size={12} />
            </button>
          </li>
        ))}
      </ul>
      <p className="text-slate-500 text-xs">
        {times.length} of {MAX_FIXED_TIMES} selected
      </p>
      {!poll && (
        <Field label="Link expires" htmlFor={`expires-${et._id}`} hint="Leave empty for no expiry">
          <Input
            id={`expires-${et._id}`}
            type="datetime-local"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        </Field>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onSave} loading={update.isPending}>
          {poll ? "Save poll times" : "Save one-off settings"}
        </Button>
        {poll && (
          <Link to={`/polls/${et._id}`} className="self-center text-accent-strong text-sm hover:underline">
            Open results
          </Link>
        )}
      </div>
    </div>
  );
}

function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
