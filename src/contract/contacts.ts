import { z } from "zod";
import type { ContactField } from "../domain/contact-fields.js";
import { isKnownTimeZone } from "./common.js";

export const CONTACT_STAGES = ["prospect", "lead", "customer", "partner", "other"] as const;
export type ContactStage = (typeof CONTACT_STAGES)[number];
export const CONTACT_PRIORITIES = ["high", "medium", "low"] as const;
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number];

/** Spec section 5: the timezone and country choices of the Add Contact dialog. */
export const CONTACT_TIMEZONES = [
  "Asia/Kolkata",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "Europe/London",
  "Europe/Paris",
  "Europe/Berlin",
  "Asia/Tokyo",
  "Asia/Shanghai",
  "Australia/Sydney",
  "UTC",
] as const;
export const CONTACT_COUNTRIES = [
  "United States",
  "Canada",
  "United Kingdom",
  "Germany",
  "France",
  "India",
  "Australia",
  "Japan",
  "China",
  "Brazil",
] as const;
/** Spec section 9: a new contact starts in this zone; the form's reset uses UTC. */
export const NEW_CONTACT_TIMEZONE = "Asia/Kolkata";

export const MAX_TAG_LENGTH = 32;
export const MAX_TAGS = 20;
/** CSV import and avatar files (spec section 9). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
/** How many failed rows an import answer lists (the counts cover all of them). */
export const MAX_REPORTED_FAILURES = 100;

/**
 * Tags as stored: trimmed, blank ones dropped, duplicates (any case) dropped keeping the first.
 * Returns an error message instead when a tag is too long or there are too many.
 */
export function normalizeTags(input: readonly string[]): string[] | string {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of input) {
    const tag = raw.trim();
    if (!tag) continue;
    if (tag.length > MAX_TAG_LENGTH) return `A tag has at most ${MAX_TAG_LENGTH} characters`;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  if (out.length > MAX_TAGS) return `At most ${MAX_TAGS} tags per contact`;
  return out;
}

export const tagListSchema = z
  .array(z.string().max(200, `A tag has at most ${MAX_TAG_LENGTH} characters`))
  .max(200)
  .transform((tags, ctx) => {
    const result = normalizeTags(tags);
    if (typeof result === "string") {
      ctx.addIssue({ code: "custom", message: result });
      return z.NEVER;
    }
    return result;
  });

export const contactEmailSchema = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Enter a valid email address"))
  .transform((s) => s.toLowerCase());

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);

/** An http(s) URL or nothing. */
const linkedInSchema = text(500, "LinkedIn URL").refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), {
  message: "Enter a full URL starting with https://",
});

const contactTimeZoneSchema = text(64, "Timezone").refine((v) => v === "" || isKnownTimeZone(v), {
  message: "Unknown timezone",
});

/** Every field a host can set (spec section 3 "Contact"). */
export const contactFields = {
  fullName: text(200, "Full name").min(1, "Full name is required"),
  email: contactEmailSchema,
  phone: text(40, "Phone").regex(/^[0-9+()\-.\s]*$/, "Phone may hold digits, spaces and + ( ) - . only"),
  jobTitle: text(200, "Job title"),
  company: text(200, "Company"),
  linkedIn: linkedInSchema,
  timezone: contactTimeZoneSchema,
  country: text(100, "Country"),
  city: text(100, "City"),
  state: text(100, "State"),
  relationshipStage: z.enum(CONTACT_STAGES, { message: "Choose a stage" }),
  priority: z.enum(CONTACT_PRIORITIES, { message: "Choose a priority" }),
  tags: tagListSchema,
  notes: text(10_000, "Notes"),
} satisfies Record<ContactField, z.ZodType>;

/** POST /contacts: full name and email required; the rest default. */
export const createContactBody = z.object({
  ...contactFields,
  phone: contactFields.phone.default(""),
  jobTitle: contactFields.jobTitle.default(""),
  company: contactFields.company.default(""),
  linkedIn: contactFields.linkedIn.default(""),
  timezone: contactFields.timezone.default(NEW_CONTACT_TIMEZONE),
  country: contactFields.country.default(""),
  city: contactFields.city.default(""),
  state: contactFields.state.default(""),
  relationshipStage: contactFields.relationshipStage.default("prospect"),
  priority: contactFields.priority.default("medium"),
  tags: contactFields.tags.default([]),
  notes: contactFields.notes.default(""),
});
export type CreateContactBody = z.input<typeof createContactBody>;
export type ContactInput = z.output<typeof createContactBody>;

/** PUT /contacts/:id: any subset of the fields. */
export const updateContactBody = z.object(contactFields).partial();
export type UpdateContactBody = z.input<typeof updateContactBody>;
export type ContactPatch = z.output<typeof updateContactBody>;

export const CONTACT_SORTS = ["name", "lastMet", "meetings", "created"] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** The filters the list, select-all, bulk actions and export share. */
export const contactFilterSchema = z.object({
  searchQuery: z.string().trim().max(200).optional(),
  stage: z.enum([...CONTACT_STAGES, "all"]).optional(),
  priority: z.enum([...CONTACT_PRIORITIES, "all"]).optional(),
  tag: z.string().trim().max(MAX_TAG_LENGTH).optional(),
});
export type ContactFilter = z.infer<typeof contactFilterSchema>;

export const listContactsQuery = contactFilterSchema.extend({
  /** `search` is accepted for `searchQuery`. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(CONTACT_SORTS).default("name"),
  order: z.enum(["asc", "desc"]).optional(),
});
export type ListContactsQuery = z.input<typeof listContactsQuery>;

export const exportContactsBody = contactFilterSchema.default({});

export const tagsBody = z.object({
  tags: z
    .array(z.string().max(200))
    .min(1)
    .max(MAX_TAGS * 10),
});
export const tagParams = z.object({ id: z.uuid({ message: "Invalid id" }), tag: z.string().max(200) });

/** POST /contacts/bulk: the chosen ids, or every contact the filter matches (select-all). */
export const bulkContactsBody = z
  .object({
    ids: z.array(z.uuid()).max(1000).optional(),
    filter: contactFilterSchema.optional(),
    /** With `filter`: rows the host unticked after select-all. */
    exceptIds: z.array(z.uuid()).max(1000).optional(),
    action: z.enum(["delete", "stage", "tag"]),
    stage: z.enum(CONTACT_STAGES).optional(),
    tags: z.array(z.string().max(200)).max(MAX_TAGS).optional(),
  })
  .refine((b) => (b.ids ? 1 : 0) + (b.filter ? 1 : 0) === 1, {
    message: "Give either ids or filter",
    path: ["ids"],
  })
  .refine((b) => b.action !== "stage" || b.stage, { message: "Choose a stage", path: ["stage"] })
  .refine((b) => b.action !== "tag" || (b.tags && b.tags.length > 0), {
    message: "Give at least one tag",
    path: ["tags"],
  });
export type BulkContactsBody = z.input<typeof bulkContactsBody>;

/** The older JSON import: {contacts: [...]} with the CSV's fields. */
export const importJsonBody = z.object({
  contacts: z.array(z.record(z.string(), z.unknown())).max(MAX_IMPORT_ROWS),
});

/** A contact as the API gives it: every field a host sets (CONTACT_FIELDS), and what the server keeps. */
export interface ContactDto extends ContactInput {
  _id: string;
  /** Same-origin URL of the uploaded picture (needs the host's bearer token), or null. */
  avatar: string | null;
  totalMeetings: number;
  /** ISO instant of the last meeting that took place, or null. */
  lastMeetingDate: string | null;
  source: "manual" | "booking" | "guest" | "import" | "workflow";
  createdAt: string;
  updatedAt: string;
}

export interface ContactListEnvelope {
  success: boolean;
  data: ContactDto[];
  pagination: {
    page: number;
    limit: number;
    /** Matching contacts; exact without a search or tag, else a lower bound when `totalCapped`. */
    total: number;
    totalPages: number;
    /**
     * A search or tag filter counts no further than 200 matches (or the end of the page asked
     * for, when further): true means more match than `total` (show "200+", "Page 2 of 8+").
     */
    totalCapped?: boolean;
  };
}

/** One booking with this contact, on their page's timeline. */
export interface ContactMeeting {
  _id: string;
  title: string;
  color: string;
  startTime: string;
  endTime: string;
  status: import("./booking-constants.js").BookingStatus;
}

export interface ContactDetail extends ContactDto {
  meetings: ContactMeeting[];
}

export interface ImportFailure {
  /** Line of the row as a spreadsheet numbers it: the header is row 1, the first contact row 2. */
  row: number;
  email: string | null;
  reason: string;
}

/** A row whose email an earlier row of the same file had: the later row's cells won. */
export interface ImportDuplicate {
  row: number;
  email: string;
  /** The row it repeats (the last one before it with that email). */
  earlierRow: number;
}

export interface ImportSummary {
  created: number;
  updated: number;
  failed: number;
  /** The first MAX_REPORTED_FAILURES failures. */
  failures: ImportFailure[];
  /** The first MAX_REPORTED_FAILURES repeated emails (each later row counts as an update). */
  duplicates: ImportDuplicate[];
}

export interface ContactStats {
  total: number;
  byStage: Record<ContactStage, number>;
  byPriority: Record<ContactPriority, number>;
  newThisMonth: number;
  metLast30Days: number;
}

export interface BulkResult {
  affected: number;
}
