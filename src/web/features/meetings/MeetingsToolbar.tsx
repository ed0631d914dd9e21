import { useEffect, useRef, useState } from "react";
import { SearchBox, Select } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import type { StatusFilter } from "./queries";

export const STATUS_OPTIONS: { value: StatusFilter; label: AppMessageId }[] = [
  { value: "all", label: "meetings.status.all" },
  { value: "pending", label: "meetings.status.pending" },
  { value: "confirmed", label: "meetings.status.confirmed" },
  { value: "cancelled", label: "meetings.status.cancelled" },
  { value: "completed", label: "meetings.status.completed" },
  { value: "no_show", label: "meetings.status.noShow" },
  { value: "declined", label: "meetings.status.declined" },
  { value: "expired", label: "meetings.status.expired" },
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
      <SearchBox
        label={t("meetings.toolbar.search")}
        value={text}
        onChange={setText}
        onClear={clear}
        maxLength={200}
      />
      <Select
        aria-label={t("meetings.toolbar.status")}
        value={status}
        onChange={(e) => onStatus(e.target.value as StatusFilter)}
        wrapperClassName="w-32 shrink-0 sm:w-44"
      >
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </Select>
    </div>
  );
}
