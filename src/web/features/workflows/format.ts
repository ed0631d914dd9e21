import type { ContactStage } from "../../../contract/contacts";
import type {
  TimeOffset,
  WorkflowAction,
  WorkflowActionType,
  WorkflowDto,
  WorkflowTrigger,
} from "../../../contract/workflows";
import type { AppMessageId } from "../../lib/app-messages";
import { hourCycle } from "../../lib/host-clock";
import { intlLocale, t } from "../../lib/i18n";

/** Spec: the trigger type with underscores as spaces, capitalised ("Event scheduled"), in the app's language. */
const TRIGGER_LABELS: Record<WorkflowTrigger, AppMessageId> = {
  event_scheduled: "workflows.trigger.eventScheduled",
  event_cancelled: "workflows.trigger.eventCancelled",
  event_rescheduled: "workflows.trigger.eventRescheduled",
  before_event: "workflows.trigger.beforeEvent",
  after_event: "workflows.trigger.afterEvent",
  event_completed: "workflows.trigger.eventCompleted",
  booking_requested: "workflows.trigger.bookingRequested",
  booking_confirmed: "workflows.trigger.bookingConfirmed",
  booking_declined: "workflows.trigger.bookingDeclined",
  seat_booked: "workflows.trigger.seatBooked",
  seat_cancelled: "workflows.trigger.seatCancelled",
};
export const triggerLabel = (trigger: WorkflowTrigger) => t(TRIGGER_LABELS[trigger]);

/** Catalogue ids, read with `t` when rendering (the language can change at run time). */
export const TRIGGER_HELP: Record<WorkflowTrigger, AppMessageId> = {
  event_scheduled: "workflows.triggerHelp.eventScheduled",
  event_cancelled: "workflows.triggerHelp.eventCancelled",
  event_rescheduled: "workflows.triggerHelp.eventRescheduled",
  before_event: "workflows.triggerHelp.beforeEvent",
  after_event: "workflows.triggerHelp.afterEvent",
  event_completed: "workflows.triggerHelp.eventCompleted",
  booking_requested: "workflows.triggerHelp.bookingRequested",
  booking_confirmed: "workflows.triggerHelp.bookingConfirmed",
  booking_declined: "workflows.triggerHelp.bookingDeclined",
  seat_booked: "workflows.triggerHelp.seatBooked",
  seat_cancelled: "workflows.triggerHelp.seatCancelled",
};

const ACTION_IDS: Record<WorkflowActionType, AppMessageId> = {
  send_email: "workflows.action.sendEmail",
  webhook: "workflows.action.webhook",
  add_to_crm: "workflows.action.addToCrm",
  send_sms: "workflows.action.sendSms",
};
export const actionLabel = (type: WorkflowActionType) => t(ACTION_IDS[type]);

const UNIT_IDS: Record<TimeOffset["unit"], AppMessageId> = {
  minutes: "workflows.unit.minutes",
  hours: "workflows.unit.hours",
  days: "workflows.unit.days",
};
/** "2 hours", "1 day" (plural rules of the app's language). */
export const offsetText = (o: TimeOffset | undefined) => (o ? t(UNIT_IDS[o.unit], { count: o.value }) : "");
const UNIT_NAMES: Record<TimeOffset["unit"], AppMessageId> = {
  minutes: "workflows.unitName.minutes",
  hours: "workflows.unitName.hours",
  days: "workflows.unitName.days",
};
/** The unit's name in a select ("minutes"). */
export const unitLabel = (unit: TimeOffset["unit"]) => t(UNIT_NAMES[unit]);

/** The contact stages' names (Add to CRM). */
export const STAGE_LABELS: Record<ContactStage, AppMessageId> = {
  prospect: "workflows.stage.prospect",
  lead: "workflows.stage.lead",
  customer: "workflows.stage.customer",
  partner: "workflows.stage.partner",
  other: "workflows.stage.other",
};

export const shortDate = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", year: "numeric" }).format(
    new Date(iso),
  );
/** "Mar 15, 1:00pm" in English on a 12-hour clock; otherwise the host's language on the host's clock. */
export const shortDateTime = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: hourCycle(),
  })
    .format(new Date(iso))
    .replace(/\s?(AM|PM)$/, (_m, p: string) => p.toLowerCase());

/** A new action of a type with a config a host can start from. */
export function blankAction(type: WorkflowActionType): WorkflowAction {
  switch (type) {
    case "send_email":
      return { type, config: { to: "attendee", subject: "", body: "" } };
    case "webhook":
      return { type, config: { url: "", method: "POST", headers: [], body: "" } };
    case "add_to_crm":
      return {
        type,
        config: { platform: "kairos", action: "create_or_update", stage: "lead", tags: [], mapping: [] },
      };
    case "send_sms":
      return { type, config: { to: "attendee", hostPhone: "", message: "" } };
  }
}

/** The form's working copy of a workflow. */
export interface Draft {
  name: string;
  description: string;
  isActive: boolean;
  trigger: { type: WorkflowTrigger; eventTypes: string[]; conditions: { timeOffset?: TimeOffset } };
  actions: WorkflowAction[];
}

export const emptyDraft = (): Draft => ({
  name: "",
  description: "",
  isActive: true,
  trigger: { type: "event_scheduled", eventTypes: [], conditions: {} },
  actions: [blankAction("send_email")],
});

export function draftOf(
  w: Pick<WorkflowDto, "name" | "description" | "isActive" | "trigger" | "actions">,
): Draft {
  return structuredClone({
    name: w.name,
    description: w.description,
    isActive: w.isActive,
    trigger: {
      type: w.trigger.type,
      eventTypes: w.trigger.eventTypes ?? [],
      conditions: w.trigger.conditions ?? {},
    },
    actions: w.actions,
  });
}
