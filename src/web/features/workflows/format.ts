import type {
  TimeOffset,
  WorkflowAction,
  WorkflowActionType,
  WorkflowDto,
  WorkflowTrigger,
} from "../../../contract/workflows";

/** Spec: the trigger type with underscores as spaces, capitalised ("Event scheduled"). */
export const triggerLabel = (t: string) => {
  const text = t.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const TRIGGER_HELP: Record<WorkflowTrigger, string> = {
  event_scheduled: "When a meeting is booked",
  event_cancelled: "When a meeting is cancelled",
  event_rescheduled: "When a meeting is moved to another time",
  before_event: "A set time before the meeting starts",
  after_event: "A set time after the meeting ends",
  event_completed: "When a meeting ends (not cancelled or no-show)",
  booking_requested: "When an invitee requests a meeting that needs your approval",
  booking_confirmed: "When you confirm a booking request",
  booking_declined: "When you decline a booking request",
  seat_booked: "When an invitee takes a seat of a group meeting",
  seat_cancelled: "When a seat of a group meeting is cancelled",
};

export const ACTION_LABELS: Record<WorkflowActionType, string> = {
  send_email: "Send email",
  webhook: "Webhook",
  add_to_crm: "Add to CRM",
  send_sms: "Send SMS",
};

export const offsetText = (o: TimeOffset | undefined) =>
  o ? `${o.value} ${o.value === 1 ? o.unit.replace(/s$/, "") : o.unit}` : "";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
export const shortDate = (iso: string) => dateFormat.format(new Date(iso));
/** "Mar 15, 1:00pm": the spec's 12-hour times. */
export const shortDateTime = (iso: string) =>
  dateTimeFormat.format(new Date(iso)).replace(/\s?(AM|PM)$/, (_m, p: string) => p.toLowerCase());

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
