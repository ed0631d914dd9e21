import { Check, ChevronDown, Globe, Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { loadZoneSearch, type ZoneSearch } from "../../lib/zoneSearchLoader";
import { allTimeZones, formatClock, zoneGenericName, zoneLabel } from "./time";
import { useNow } from "./useNow";

interface ZoneOption {
  zone: string;
  label: string;
  offset: number;
  /** Lower-cased text the search matches: id, city, generic name and offset. */
  haystack: string;
}

/** Minutes east of UTC at `at`, read from Intl's 'GMT+5:45' form. */
function offsetMinutes(zone: string, at: Date): number {
  try {
    const name =
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value ?? "";
    const m = name.match(/GMT([+-])(\d{1,2})(?::(\d{2}))?/);
    if (!m) return 0;
    const sign = m[1] === "-" ? -1 : 1;
    return sign * (Number(m[2]) * 60 + Number(m[3] ?? 0));
  } catch {
    return 0;
  }
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const mm = abs % 60;
  return `GMT${sign}${Math.floor(abs / 60)}${mm ? `:${String(mm).padStart(2, "0")}` : ""}`;
}

function buildOptions(current: string, at: Date): ZoneOption[] {
  return allTimeZones(current)
    .map((zone) => {
      const offset = offsetMinutes(zone, at);
      const label = zoneLabel(zone, at);
      const haystack = `${zone} ${zone.replace(/_/g, " ")} ${zoneGenericName(zone, at)} ${formatOffset(offset)}`;
      return { zone, label, offset, haystack: haystack.toLowerCase() };
    })
    .sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label));
}

export interface TimezoneSelectProps {
  value: string;
  onChange: (zone: string) => void;
  /** The visible label; 'Time zone' on the booking page. */
  label?: string;
  /** ghost: the booking page's quiet row; field: a form control like Select (host screens). */
  variant?: "ghost" | "field";
  /** id of the trigger button, for a test or a link to it. */
  id?: string;
  hint?: string;
  /** A message under the control in red, instead of the hint; a failed save can focus the control. */
  error?: string;
  disabled?: boolean;
}

/**
 * Searchable zone picker (a combobox over every zone Intl knows), each with its current local time; the
 * one picker of the product (booking page, schedule editor, profile). Opening it puts focus in the search,
 * which finds cities, countries, former names and abbreviations once the search data (a lazy chunk,
 * lib/zoneSearchLoader.ts) has come; before that, and if it cannot load, it matches zone names and offsets.
 * Hand-rolled rather than a popover library: the public booking page has a strict size budget.
 */
export function TimezoneSelect({
  value,
  onChange,
  label = t("zone.label"),
  variant = "ghost",
  id: triggerId,
  hint,
  error,
  disabled,
}: TimezoneSelectProps) {
  const note = error ?? hint;
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  // null: nothing moved yet, so the current zone is the active option (and scrolled to the middle).
  const [active, setActive] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState<{ run: ZoneSearch } | null>(null);
  const id = useId();
  const listId = `${id}-list`;

  // ~400 zones: only built while the list is open, and once per minute at most.
  const options = useMemo(() => (open ? buildOptions(value, now) : []), [open, value, now]);
  const filtered = useMemo(() => {
    const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return options;
    if (search) {
      const byZone = new Map(options.map((o) => [o.zone, o]));
      const found = search.run([...byZone.keys()], query, (zone) => byZone.get(zone)?.haystack ?? "");
      return found.map((zone) => byZone.get(zone) as ZoneOption);
    }
    return options.filter((o) => words.every((w) => o.haystack.includes(w)));
  }, [options, query, search]);

  // The search data is fetched the first time a picker opens, never with the page.
  useEffect(() => {
    if (!open || search) return;
    let live = true;
    loadZoneSearch().then(
      (run) => live && setSearch({ run }),
      () => {}, // Zone names and offsets still match.
    );
    return () => {
      live = false;
    };
  }, [open, search]);

  // Opening the picker is asking to search: the search box takes focus.
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  const activeIndex =
    active ??
    Math.max(
      0,
      filtered.findIndex((o) => o.zone === value),
    );
  const centre = active === null;

  useEffect(() => {
    if (!open) return;
    const item = listRef.current?.querySelector(`[data-index="${activeIndex}"]`);
    item?.scrollIntoView({ block: centre ? "center" : "nearest" });
  }, [open, activeIndex, centre]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery("");
    triggerRef.current?.focus();
  };
  const choose = (zone: string) => {
    if (zone !== value) onChange(zone);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = filtered.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      PageDown: Math.min(last, activeIndex + 8),
      PageUp: Math.max(0, activeIndex - 8),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (filtered[activeIndex]) choose(filtered[activeIndex].zone);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") {
      setOpen(false);
      setQuery("");
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <p
        id={`${id}-label`}
        className={cn(
          "mb-1.5 text-sm",
          variant === "ghost" ? "font-semibold text-slate-900" : "font-medium text-slate-800",
        )}
      >
        {label}
      </p>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        disabled={disabled}
        aria-describedby={note ? `${id}-hint` : undefined}
        data-error-target={error ? true : undefined}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => {
          setActive(null);
          setOpen((o) => !o);
        }}
        className={cn(
          "flex h-10 w-full items-center gap-2 rounded-lg px-2 text-start text-slate-700 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50",
          variant === "ghost"
            ? "hover:bg-slate-100"
            : "border border-slate-300 bg-white px-3 hover:border-slate-400",
        )}
      >
        <Globe size={16} aria-hidden className="shrink-0 text-slate-500" />
        <span id={`${id}-value`} className="min-w-0 flex-1 truncate">
          {zoneLabel(value, now)}{" "}
          <span className="text-slate-600 tabular-nums">({formatClock(now, value)})</span>
        </span>
        <ChevronDown
          size={16}
          aria-hidden
          className={cn("shrink-0 text-slate-500 transition-transform", open && "rotate-180")}
        />
      </button>
      {open && (
        <div className="kairos-pop absolute start-0 end-0 z-30 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg shadow-slate-900/10 sm:min-w-80">
          <div className="relative border-slate-100 border-b p-2">
            <Search
              size={16}
              aria-hidden
              className="pointer-events-none absolute top-1/2 start-4.5 -translate-y-1/2 text-slate-500"
            />
            <input
              ref={searchRef}
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={filtered[activeIndex] ? `${id}-opt-${activeIndex}` : undefined}
              aria-label={t("zone.search")}
              placeholder={t("zone.searchPlaceholder")}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="h-9 w-full rounded-md border border-slate-200 ps-8 pe-2 text-sm placeholder:text-slate-400 focus:border-accent focus:outline-none focus:ring-3 focus:ring-accent/20"
            />
          </div>
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t("zone.list")}
            className="max-h-72 overflow-y-auto py-1"
          >
            {filtered.length === 0 && (
              <p className="px-3 py-6 text-center text-slate-500 text-sm">{t("zone.noMatch")}</p>
            )}
            {filtered.map((o, i) => (
              // Keys reach the options through the search box (aria-activedescendant); they take clicks only.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
              <div
                key={o.zone}
                id={`${id}-opt-${i}`}
                data-index={i}
                role="option"
                tabIndex={-1}
                aria-selected={o.zone === value}
                onPointerMove={() => setActive(i)}
                onClick={() => choose(o.zone)}
                className={cn(
                  "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm",
                  i === activeIndex ? "bg-accent-soft text-slate-900" : "text-slate-700",
                )}
              >
                <span className="w-4 shrink-0 text-accent-strong">
                  {o.zone === value && <Check size={16} aria-hidden />}
                </span>
                <span className="min-w-0 flex-1 truncate">{o.label}</span>
                <span className="shrink-0 text-slate-600 text-xs tabular-nums">
                  {formatClock(now, o.zone)}
                </span>
              </div>
            ))}
          </div>
        </div>
      )}
      {note && (
        <p id={`${id}-hint`} className={cn("mt-1.5 text-[13px]", error ? "text-red-600" : "text-slate-500")}>
          {note}
        </p>
      )}
    </div>
  );
}
