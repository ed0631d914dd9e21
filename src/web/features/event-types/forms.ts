import { z } from "zod";
import { DEFAULT_CONFIRMATION } from "../../../contract/approval";
import {
  bookingSettingsSchema,
  createEventTypeBody,
  DEFAULT_COLOR,
  type EventKind,
  type EventTypeDto,
  eventTypeTeamBody,
  KIND_DEFAULTS,
  locationsSchema,
  questionSchema,
  type UpdateEventTypeBody,
  updateEventTypeBody,
} from "../../../contract/event-types";
import { t } from "../../lib/i18n";

// The drawers validate with the API's own field rules; only the shape of the form differs.
const fields = updateEventTypeBody.shape;

/** Team and hosts as edited: null until the host picks (the first team is shown meanwhile). */
const teamForm = eventTypeTeamBody.extend({ teamId: z.string() }).nullable();
/** One-off expiry as a datetime-local value; "" for none. */
const expiresForm = z.string();

export const createForm = z.object({
  title: createEventTypeBody.shape.title.unwrap(),
  duration: fields.duration.unwrap(),
  locations: locationsSchema,
  googleAccountId: fields.googleAccountId.unwrap(),
  availabilityScheduleId: fields.availabilityScheduleId.unwrap(),
  maxInvitees: fields.maxInvitees.unwrap(),
  team: teamForm,
  fixedTimes: fields.fixedTimes.unwrap(),
  expiresAt: expiresForm,
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
      ctx.addIssue({ code: "custom", path: ["options"], message: t("eventTypes.form.oneChoice") });
    else if (q.options.length > 50)
      ctx.addIssue({ code: "custom", path: ["options"], message: t("eventTypes.form.maxChoices") });
    else if (q.options.some((o) => o.length > 200))
      ctx.addIssue({ code: "custom", path: ["options"], message: t("eventTypes.form.choiceLength") });
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
  // A function, so the message is read in the language active when the form is checked.
  questions: z.array(questionForm).max(30, { error: () => t("eventTypes.form.maxQuestions") }),
  phoneField: fields.phoneField.unwrap(),
  language: fields.language.unwrap(),
  translations: fields.translations.unwrap().default({}),
  confirmation: fields.confirmation.unwrap(),
  bookingLimits: fields.bookingLimits.unwrap(),
  recurrence: fields.recurrence.unwrap().default(null),
  availabilityScheduleId: fields.availabilityScheduleId.unwrap(),
  googleAccountId: fields.googleAccountId.unwrap(),
  team: teamForm,
  fixedTimes: fields.fixedTimes.unwrap(),
  expiresAt: expiresForm,
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
      return t("eventTypes.form.maxChars", { max: issue.maximum });
    if (issue.origin !== "number") return undefined;
    if (issue.code === "too_small") return t("eventTypes.form.min", { min: issue.minimum });
    if (issue.code === "too_big") return t("eventTypes.form.max", { max: issue.maximum });
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
    maxInvitees: KIND_DEFAULTS[kind].maxInvitees,
    team: null,
    fixedTimes: [],
    expiresAt: "",
  };
}

export const isTeamKind = (kind: EventKind) => kind === "round-robin" || kind === "collective";
export const hasFixedTimes = (kind: EventKind) => kind === "one-off" || kind === "poll";

/** The parts of a body only some kinds have: team hosts, proposed or offered times, the expiry. */
export function kindParts(
  kind: EventKind,
  values: { team: z.input<typeof teamForm>; fixedTimes: string[]; expiresAt: string },
): Pick<UpdateEventTypeBody, "team" | "fixedTimes" | "expiresAt"> {
  return {
    ...(isTeamKind(kind) && values.team?.teamId
      ? {
          team: {
            teamId: values.team.teamId,
            hosts: values.team.hosts.map((h) => ({
              userId: h.userId,
              weight: h.weight ?? 1,
              priority: h.priority ?? 0,
            })),
          },
        }
      : {}),
    ...(hasFixedTimes(kind) ? { fixedTimes: values.fixedTimes } : {}),
    ...(kind === "one-off"
      ? { expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null }
      : {}),
  };
}

/** The form's starting values; `hosts` are the team hosts with their weights (team kinds). */
export function editDefaults(
  et: EventTypeDto,
  hosts: { teamId: string | null; hosts: { _id: string; weight: number; priority: number }[] } | null,
  expiresAt: string,
): EditFormInput {
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
    language: et.language ?? null,
    translations: et.translations ?? {},
    confirmation: et.confirmation ?? DEFAULT_CONFIRMATION,
    bookingLimits: et.bookingLimits ?? {},
    recurrence: et.recurrence ?? null,
    availabilityScheduleId: et.availabilityScheduleId,
    googleAccountId: et.googleAccountId,
    team: hosts?.teamId
      ? {
          teamId: hosts.teamId,
          hosts: hosts.hosts.map((h) => ({ userId: h._id, weight: h.weight, priority: h.priority })),
        }
      : null,
    fixedTimes: et.fixedTimes,
    expiresAt,
  };
}

/**
 * The PUT body of the one save: every section, the whole list of locations as edited (untouched ones
 * keep their display names). The slug goes only when the host typed it: else an untitled type's link
 * follows its new title on the server.
 */
export function toUpdateBody(
  values: EditFormValues,
  kind: EventKind,
  slugChosen: boolean,
): UpdateEventTypeBody {
  const { bookingSettings, team, fixedTimes, expiresAt, slug, ...rest } = values;
  const settings =
    bookingSettings.mode === "within"
      ? bookingSettings
      : { ...bookingSettings, withinStart: undefined, withinEnd: undefined };
  return {
    ...rest,
    ...(slugChosen ? { slug } : {}),
    ...kindParts(kind, { team, fixedTimes, expiresAt }),
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
      /^(title|duration|description|color|slug|maxInvitees|bookingSettings|questions|phoneField|language|translations|confirmation|bookingLimits|recurrence|locations|availabilityScheduleId|fixedTimes|expiresAt)/.test(
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
