import { Check, SlidersHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import {
  WORKFLOW_ACTIONS,
  WORKFLOW_TRIGGERS,
  type WorkflowActionType,
  type WorkflowDto,
  type WorkflowTrigger,
} from "../../../contract/workflows";
import { Button, Menu } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { actionLabel, triggerLabel } from "./format";

/** The 'More Filters' menu: by trigger and by one of the actions a workflow runs. */
export interface MoreFilterValues {
  trigger: WorkflowTrigger | "all";
  action: WorkflowActionType | "all";
}

export const NO_MORE_FILTERS: MoreFilterValues = { trigger: "all", action: "all" };

export function matchesMoreFilters(w: WorkflowDto, f: MoreFilterValues): boolean {
  return (
    (f.trigger === "all" || w.trigger.type === f.trigger) &&
    (f.action === "all" || w.actions.some((a) => a.type === f.action))
  );
}

const itemClass =
  "flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-slate-700 text-sm outline-none data-highlighted:bg-slate-100 data-highlighted:text-slate-900";
const labelClass = "px-2.5 py-1.5 font-medium text-slate-500 text-xs";

function Options<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | "all";
  options: readonly { value: T | "all"; label: string }[];
  onChange: (v: T | "all") => void;
}) {
  return (
    <DropdownMenu.Group aria-label={label}>
      <DropdownMenu.Label className={labelClass}>{label}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={value} onValueChange={(v) => onChange(v as T | "all")}>
        {options.map((o) => (
          <DropdownMenu.RadioItem key={o.value} value={o.value} className={itemClass}>
            <span className="flex size-4 items-center justify-center">
              <DropdownMenu.ItemIndicator>
                <Check size={16} className="text-accent-strong" aria-hidden />
              </DropdownMenu.ItemIndicator>
            </span>
            {o.label}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}

export function MoreFilters({
  value,
  onChange,
}: {
  value: MoreFilterValues;
  onChange: (v: MoreFilterValues) => void;
}) {
  const active = (value.trigger !== "all" ? 1 : 0) + (value.action !== "all" ? 1 : 0);
  return (
    <Menu
      align="end"
      className="max-h-[min(70vh,32rem)] overflow-y-auto"
      trigger={
        <Button variant="outline" className={cn("shrink-0", active > 0 && "border-accent text-blue-700")}>
          <SlidersHorizontal size={16} aria-hidden /> {t("workflows.moreFilters")}
          {active > 0 ? ` (${active})` : ""}
        </Button>
      }
    >
      <Options
        label={t("workflows.form.trigger")}
        value={value.trigger}
        options={[
          { value: "all", label: t("workflows.anyTrigger") },
          ...WORKFLOW_TRIGGERS.map((trigger) => ({ value: trigger, label: triggerLabel(trigger) })),
        ]}
        onChange={(trigger) => onChange({ ...value, trigger })}
      />
      <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
      <Options
        label={t("workflows.executions.action")}
        value={value.action}
        options={[
          { value: "all", label: t("workflows.anyAction") },
          ...WORKFLOW_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
        ]}
        onChange={(action) => onChange({ ...value, action })}
      />
      {active > 0 && (
        <>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClass} onSelect={() => onChange(NO_MORE_FILTERS)}>
            <span className="size-4" aria-hidden />
            {t("workflows.clearFilters")}
          </DropdownMenu.Item>
        </>
      )}
    </Menu>
  );
}
