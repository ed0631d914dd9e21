import { Check, ListFilter } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Button, Menu, SearchBox } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";

export type StatusFilter = "all" | "active" | "inactive";
const FILTERS: { value: StatusFilter; label: AppMessageId }[] = [
  { value: "all", label: "eventTypes.toolbar.all" },
  { value: "active", label: "eventTypes.active" },
  { value: "inactive", label: "eventTypes.inactive" },
];

/** Search by title and the status filter, in one row. */
export function EventTypesToolbar({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (v: string) => void;
  status: StatusFilter;
  onStatus: (v: StatusFilter) => void;
}) {
  return (
    <div className="mb-5 flex items-center gap-2 sm:gap-3">
      <SearchBox
        label={t("eventTypes.toolbar.search")}
        value={search}
        onChange={onSearch}
        onClear={() => onSearch("")}
      />
      <Menu
        align="start"
        trigger={
          <Button
            variant="outline"
            className={cn("shrink-0", status !== "all" && "border-accent text-blue-700")}
          >
            <ListFilter size={16} aria-hidden />
            {status === "all"
              ? t("eventTypes.toolbar.filter")
              : t("eventTypes.toolbar.statusIs", {
                  status: t(FILTERS.find((f) => f.value === status)?.label ?? "eventTypes.toolbar.all"),
                })}
          </Button>
        }
      >
        <DropdownMenu.Label className="px-2.5 py-1.5 font-medium text-slate-500 text-xs">
          {t("eventTypes.toolbar.status")}
        </DropdownMenu.Label>
        <DropdownMenu.RadioGroup value={status} onValueChange={(v) => onStatus(v as StatusFilter)}>
          {FILTERS.map((f) => (
            <DropdownMenu.RadioItem
              key={f.value}
              value={f.value}
              className="flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-slate-700 text-sm outline-none data-highlighted:bg-slate-100 data-highlighted:text-slate-900"
            >
              <span className="flex size-4 items-center justify-center">
                <DropdownMenu.ItemIndicator>
                  <Check size={16} className="text-accent-strong" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </span>
              {t(f.label)}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </Menu>
    </div>
  );
}
