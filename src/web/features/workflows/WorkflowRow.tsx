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
import { ACTION_LABELS, offsetText, shortDate, triggerLabel } from "./format";

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

const count = new Intl.NumberFormat("en-US");

export function WorkflowRow({ workflow: w, handlers }: { workflow: WorkflowDto; handlers: RowHandlers }) {
  const chips = w.actions.slice(0, 3);
  const more = w.actions.length - chips.length;
  const offset = w.trigger.conditions.timeOffset;
  const s = w.statistics;
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
              {w.isActive ? "Active" : "Inactive"}
            </Badge>
          </div>
          <p className="mt-1 text-slate-600 text-sm">
            <span className="font-medium text-slate-700">{triggerLabel(w.trigger.type)}</span>
            {offset && <span> · {offsetText(offset)}</span>}
            <span className="text-slate-400"> · </span>
            {w.actions.length} action{w.actions.length === 1 ? "" : "s"}
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Actions">
            {chips.map((a, i) => {
              const Icon = ACTION_ICONS[a.type];
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; order is their identity
                  key={i}
                  className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-slate-700 text-xs"
                >
                  <Icon size={12} aria-hidden /> {ACTION_LABELS[a.type]}
                </li>
              );
            })}
            {more > 0 && (
              <li className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-600 text-xs">+{more} more</li>
            )}
          </ul>
          {w.description && <p className="mt-2 text-slate-500 text-sm">{w.description}</p>}
          <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-slate-500 text-xs tabular-nums">
            <div className="flex gap-1">
              <dt>Total runs</dt>
              <dd className="font-medium text-slate-700">{count.format(s.totalRuns)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Successful</dt>
              <dd className="font-medium text-emerald-700">{count.format(s.successfulRuns)}</dd>
            </div>
            {s.failedRuns > 0 && (
              <div className="flex gap-1">
                <dt>Failed</dt>
                <dd className="font-medium text-red-700">{count.format(s.failedRuns)}</dd>
              </div>
            )}
            {s.lastRun && (
              <div className="flex gap-1">
                <dt>Last run</dt>
                <dd className="font-medium text-slate-700">{shortDate(s.lastRun)}</dd>
              </div>
            )}
          </dl>
        </div>
        <Menu
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Actions for ${w.name}`} className="px-2">
              <MoreHorizontal size={18} aria-hidden />
            </Button>
          }
        >
          <MenuItem icon={Pencil} onSelect={() => handlers.onEdit(w)}>
            Edit
          </MenuItem>
          <MenuItem icon={Copy} onSelect={() => handlers.onDuplicate(w)}>
            Duplicate
          </MenuItem>
          <MenuItem icon={History} onSelect={() => handlers.onExecutions(w)}>
            View Executions
          </MenuItem>
          <MenuItem icon={Play} onSelect={() => handlers.onTest(w)}>
            Send test
          </MenuItem>
          <MenuItem icon={w.isActive ? Pause : Play} onSelect={() => handlers.onToggle(w)}>
            {w.isActive ? "Pause" : "Activate"}
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={Trash2} danger onSelect={() => handlers.onDelete(w)}>
            Delete
          </MenuItem>
        </Menu>
      </div>
    </Card>
  );
}
