import { Copy } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { WEEKDAYS } from "../../../contract/availability-constants";
import { Button, Checkbox, Label } from "../../components/ui";
import { t } from "../../lib/i18n";
import { weekdayName } from "./schedule-format";

export interface CopyTimesPopoverProps {
  /** Index of the source day, 0 = Sunday. */
  source: number;
  /** Copying works only from an available day with slots (spec section 4). */
  enabled: boolean;
  onCopy: (targets: number[]) => void;
}

/** 'Copy times to': pick days, then Apply copies the source day's slots to them. */
export function CopyTimesPopover({ source, enabled, onCopy }: CopyTimesPopoverProps) {
  const [open, setOpen] = useState(false);
  const [targets, setTargets] = useState<number[]>([]);
  const sourceName = weekdayName(source);

  const toggle = (day: number, on: boolean) =>
    setTargets((list) => (on ? [...list, day] : list.filter((d) => d !== day)));

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setTargets([]);
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={!enabled}
          aria-label={t("availability.copy.label", { day: sourceName })}
          title={
            enabled ? t("availability.copy.title", { day: sourceName }) : t("availability.copy.disabled")
          }
          className="flex size-9 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-40"
        >
          <Copy size={16} aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="kairos-pop z-50 w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg shadow-slate-900/10"
        >
          <p className="mb-2 font-medium text-slate-500 text-xs uppercase tracking-wide">
            {t("availability.copy.heading")}
          </p>
          <ul className="flex flex-col">
            {WEEKDAYS.map((day, i) => {
              const id = `copy-${source}-${day}`;
              const isSource = i === source;
              return (
                <li key={day} className="flex items-center justify-between rounded-md px-1 py-1.5">
                  <Label htmlFor={id} className={isSource ? "text-slate-500" : "cursor-pointer font-normal"}>
                    {weekdayName(i)}
                  </Label>
                  <Checkbox
                    id={id}
                    disabled={isSource}
                    checked={isSource || targets.includes(i)}
                    onCheckedChange={(v) => toggle(i, v === true)}
                  />
                </li>
              );
            })}
          </ul>
          <Button
            size="sm"
            fullWidth
            className="mt-3"
            disabled={targets.length === 0}
            onClick={() => {
              onCopy(targets);
              setOpen(false);
            }}
          >
            {t("availability.copy.apply")}
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
