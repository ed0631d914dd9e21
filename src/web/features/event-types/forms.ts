import { z } from "zod";
import {
  bookingSettingsSchema,
  createEventTypeBody,
  DEFAULT_COLOR,
  type EventKind,
  type EventTypeDto,
  KIND_DEFAULTS,
  locationsSchema,
  questionSchema,
  type UpdateEventTypeBody,
  updateEventTypeBody,
} from "../../../contract/event-types";

// The drawers validate with the API's own field rules; only the shape of the form differs.
const fields = updateEventTypeBody.shape;

export const createForm = z.object({
  title: createEventTypeBody.shape.title.unwrap(),
  duration: fields.duration.unwrap(),
  locations: locationsSchema,
  googleAccountId: fields.googleAccountId.unwrap(),
  availabilityScheduleId: fields.availabilityScheduleId.unwrap(),
});
export type CreateFormValues = z.input<typeof createForm>;

const CHOICE_TYPES = new Set(["select", "radio", "checkbox"]);

/** A question as edited: choices arrive one per line (blank lines allowed while typing). */
const questionForm = questionSchema
  .extend({ options: z.array(z.string()).optional() })
  .transform((q) => ({
    ...q,
    options: CHOICE_TYPES.has(q.type) ? (q.options ?? []).map((o) => o.trim()).filter(Boolean) : undefined,
  }))
  .superRefine((q, ctx) => {
    if (!q.options) return;
    if (q.options.length === 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Add at least one choice" });
    else if (q.options.length > 50)
      ctx.addIssue({ code: "custom", path: ["options"], message: "At most 50 choices" });
    else if (q.options.some((o) => o.length > 200))
      ctx.addIssue({ code: "custom", path: ["options"], message: "Keep each choice under 200 characters" });
  });

export const editForm = z.object({
  title: fields.title.unwrap(),
  isActive: z.boolean(),
  duration: fields.duration.unwrap(),
  locations: locationsSchema,
  description: fields.description.unwrap(),
  color: fields.color.unwrap(),
  slug: fields.slug.unwrap(),
  bookingSettings: bookingSettingsSchema,
  maxInvitees: fields.maxInvitees.unwrap(),
  questions: z.array(questionForm).max(30, "At most 30 questions"),
  phoneField: fields.phoneField.unwrap(),
  availabilityScheduleId: fields.availabilityScheduleId.unwrap(),
  googleAccountId: fields.googleAccountId.unwrap(),
});
export type EditFormInput = z.input<typeof editForm>;
export type EditFormValues = z.output<typeof editForm>;

/**
 * Plain words for the contract's unlabelled number limits (days ahead, notice, seats);
 * fields with their own message in the contract keep it.
 */
export const formErrorMessages = {
  error: (issue: { code: string; origin?: unknown; minimum?: unknown; maximum?: unknown }) => {
    if (issue.origin === "string" && issue.code === "too_big")
      return `Use at most ${issue.maximum} characters`;
    if (issue.origin !== "number") return undefined;
    if (issue.code === "too_small") return `Must be at least ${issue.minimum}`;
    if (issue.code === "too_big") return `Must be at most ${issue.maximum}`;
    return undefined;
  },
};

export function createDefaults(kind: EventKind): CreateFormValues {
  return {
    title: "",
    duration: KIND_DEFAULTS[kind].duration,
    locations: [{ type: "zoom", value: "" }],
    googleAccountId: null,
    availabilityScheduleId: null,
  };
}

export function editDefaults(et: EventTypeDto): EditFormInput {
  return {
    title: et.title,
    isActive: et.isActive,
    duration: et.duration,
    locations: et.locations.map((l) => ({ type: l.type, value: l.value, displayName: l.displayName })),
    description: et.description,
    color: et.color || DEFAULT_COLOR,
    slug: et.slug,
    bookingSettings: et.bookingSettings,
    maxInvitees: et.maxInvitees,
    questions: et.questions,
    phoneField: et.phoneField ?? "required",
    availabilityScheduleId: et.availabilityScheduleId,
    googleAccountId: et.googleAccountId,
  };
}

/** The PUT body: the whole list of locations as edited (untouched ones keep their display names). */
export function toUpdateBody(values: EditFormValues): UpdateEventTypeBody {
  const { bookingSettings, ...rest } = values;
  const settings =
    bookingSettings.mode === "within"
      ? bookingSettings
      : { ...bookingSettings, withinStart: undefined, withinEnd: undefined };
  return {
    ...rest,
    bookingSettings: settings,
    googleAccountId: values.locations.some((l) => l.type === "google_meet") ? values.googleAccountId : null,
  };
}

/**
 * Maps the server's per-field messages ("bookingSettings.daysAhead", "locations.0.value")
 * onto the form's field names (the same paths); anything it cannot place is returned for the form-level box.
 */
export function mapServerErrors(errors: Record<string, string> | undefined): {
  fields: [string, string][];
  unplaced: string[];
} {
  const out: [string, string][] = [];
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(errors ?? {})) {
    const name = path.replace(/^body\./, "");
    if (
      /^(title|duration|description|color|slug|maxInvitees|bookingSettings|questions|phoneField|locations|availabilityScheduleId)/.test(
        name,
      )
    ) {
      out.push([name, message]);
    } else {
      unplaced.push(message);
    }
  }
  return { fields: out, unplaced };
}
