import {
  Copy,
  History,
  Mail,
  MessageSquare,
  MoreHorizontal,
  Pause,
  Pencil,
  Play,
  Trash2,
  UserPlus,
  Webhook,
  Zap,
} from "lucide-react";
import type { WorkflowActionType, WorkflowDto } from "../../../contract/workflows";
import { Badge, Button, Card, Menu, MenuItem, MenuSeparator } from "../../components/ui";
import { intlLocale, t } from "../../lib/i18n";
import { actionLabel, offsetText, shortDate, triggerLabel } from "./format";

const ACTION_ICONS: Record<WorkflowActionType, typeof Mail> = {
  send_email: Mail,
  webhook: Webhook,
  add_to_crm: UserPlus,
  send_sms: MessageSquare,
};

export interface RowHandlers {
  onEdit: (w: WorkflowDto) => void;
  onDuplicate: (w: WorkflowDto) => void;
  onExecutions: (w: WorkflowDto) => void;
  onToggle: (w: WorkflowDto) => void;
  onDelete: (w: WorkflowDto) => void;
  onTest: (w: WorkflowDto) => void;
}

export function WorkflowRow({ workflow: w, handlers }: { workflow: WorkflowDto; handlers: RowHandlers }) {
  const chips = w.actions.slice(0, 3);
  const more = w.actions.length - chips.length;
  const offset = w.trigger.conditions.timeOffset;
  const s = w.statistics;
  const count = new Intl.NumberFormat(intlLocale());
  return (
    <Card className="p-4 sm:p-5" data-testid="workflow-row">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className={`mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg ${w.isActive ? "bg-accent-soft text-accent" : "bg-slate-100 text-slate-400"}`}
        >
          <Zap size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate font-semibold text-base text-slate-900">{w.name}</h2>
            <Badge tone={w.isActive ? "green" : "grey"} dot>
              {t(w.isActive ? "workflows.active" : "workflows.inactive")}
            </Badge>
          </div>
          <p className="mt-1 text-slate-600 text-sm">
            <span className="font-medium text-slate-700">{triggerLabel(w.trigger.type)}</span>
            {offset && <span> · {offsetText(offset)}</span>}
            <span className="text-slate-400"> · </span>
            {t("workflows.row.actions", { count: w.actions.length })}
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t("workflows.form.actions")}>
            {chips.map((a, i) => {
              const Icon = ACTION_ICONS[a.type];
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; order is their identity
                  key={i}
                  className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-slate-700 text-xs"
                >
                  <Icon size={12} aria-hidden /> {actionLabel(a.type)}
                </li>
              );
            })}
            {more > 0 && (
              <li className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-600 text-xs">
                {t("workflows.row.more", { count: more })}
              </li>
            )}
          </ul>
          {w.description && <p className="mt-2 text-slate-500 text-sm">{w.description}</p>}
          <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-slate-500 text-xs tabular-nums">
            <div className="flex gap-1">
              <dt>{t("workflows.row.totalRuns")}</dt>
              <dd className="font-medium text-slate-700">{count.format(s.totalRuns)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t("workflows.row.successful")}</dt>
              <dd className="font-medium text-emerald-700">{count.format(s.successfulRuns)}</dd>
            </div>
            {s.failedRuns > 0 && (
              <div className="flex gap-1">
                <dt>{t("workflows.status.failed")}</dt>
                <dd className="font-medium text-red-700">{count.format(s.failedRuns)}</dd>
              </div>
            )}
            {s.lastRun && (
              <div className="flex gap-1">
                <dt>{t("workflows.row.lastRun")}</dt>
                <dd className="font-medium text-slate-700">{shortDate(s.lastRun)}</dd>
              </div>
            )}
          </dl>
        </div>
        <Menu
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("workflows.row.actionsFor", { name: w.name })}
              className="px-2"
            >
              <MoreHorizontal size={18} aria-hidden />
            </Button>
          }
        >
          <MenuItem icon={Pencil} onSelect={() => handlers.onEdit(w)}>
            {t("workflows.row.edit")}
          </MenuItem>
          <MenuItem icon={Copy} onSelect={() => handlers.onDuplicate(w)}>
            {t("workflows.row.duplicate")}
          </MenuItem>
          <MenuItem icon={History} onSelect={() => handlers.onExecutions(w)}>
            {t("workflows.row.executions")}
          </MenuItem>
          <MenuItem icon={Play} onSelect={() => handlers.onTest(w)}>
            {t("workflows.row.test")}
          </MenuItem>
          <MenuItem icon={w.isActive ? Pause : Play} onSelect={() => handlers.onToggle(w)}>
            {t(w.isActive ? "workflows.row.pause" : "workflows.row.activate")}
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={Trash2} danger onSelect={() => handlers.onDelete(w)}>
            {t("workflows.delete")}
          </MenuItem>
        </Menu>
      </div>
    </Card>
  );
}
