import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Input, Select } from "../../components/ui";
import { cn } from "../../lib/cn";
import type { StatusFilter } from "./queries";

export const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All Status" },
  { value: "confirmed", label: "Confirmed" },
  { value: "cancelled", label: "Cancelled" },
  { value: "completed", label: "Completed" },
  { value: "no_show", label: "No Show" },
];

/** Typing settles for this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

/** Search (debounced, server-side) and the status filter, in one row. */
export function MeetingsToolbar({
  search,
  onSearch,
  status,
  onStatus,
}: {
  /** The applied search; the box may run ahead of it while typing. */
  search: string;
  onSearch: (v: string) => void;
  status: StatusFilter;
  onStatus: (v: StatusFilter) => void;
}) {
  const [text, setText] = useState(search);
  const applied = useRef(search);

  // Outside changes (Clear filters, Back) replace what is in the box.
  useEffect(() => {
    if (search !== applied.current) {
      applied.current = search;
      setText(search);
    }
  }, [search]);

  useEffect(() => {
    if (text === applied.current) return;
    const timer = window.setTimeout(() => {
      applied.current = text;
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  const clear = () => {
    setText("");
    applied.current = "";
    onSearch("");
  };

  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <div className="relative min-w-0 flex-1 sm:max-w-sm">
        <Search
          size={16}
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label="Search meetings"
          placeholder="Search meetings..."
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && text) {
              e.preventDefault();
              clear();
            }
          }}
          className={cn("pl-9 [&::-webkit-search-cancel-button]:hidden", text ? "pr-9" : "pr-2")}
        />
        {text && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={clear}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <X size={14} aria-hidden />
          </button>
        )}
      </div>
      <Select
        aria-label="Status"
        value={status}
        onChange={(e) => onStatus(e.target.value as StatusFilter)}
        wrapperClassName="w-32 shrink-0 sm:w-44"
      >
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
