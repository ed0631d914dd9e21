import { z } from "zod";
import { BOOKING_STATUSES } from "../booking-constants.js";
import {
  type BulkResult,
  CONTACT_PRIORITIES,
  CONTACT_STAGES,
  type ContactDetail,
  type ContactDto,
  type ContactListEnvelope,
  type ContactStats,
  type ImportSummary,
} from "../contacts.js";
import { type Agrees, doneEnvelope, envelope, fileResponse, isoDateTime } from "./shared.js";

export const contactSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  linkedIn: z.string(),
  timezone: z.string(),
  country: z.string(),
  city: z.string(),
  state: z.string(),
  relationshipStage: z.enum(CONTACT_STAGES),
  priority: z.enum(CONTACT_PRIORITIES),
  tags: z.array(z.string()),
  notes: z.string(),
  avatar: z.string().nullable(),
  totalMeetings: z.number(),
  lastMeetingDate: isoDateTime.nullable(),
  source: z.enum(["manual", "booking", "guest", "import", "workflow"]),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
true satisfies Agrees<z.input<typeof contactSchema>, ContactDto>;

const contactDetailSchema = contactSchema.extend({
  meetings: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      color: z.string(),
      startTime: isoDateTime,
      endTime: isoDateTime,
      status: z.enum(BOOKING_STATUSES),
    }),
  ),
});
true satisfies Agrees<z.input<typeof contactDetailSchema>, ContactDetail>;

const contactListSchema = envelope(z.array(contactSchema), {
  pagination: z.object({
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
    totalCapped: z.boolean().optional(),
  }),
});
true satisfies Agrees<Omit<z.input<typeof contactListSchema>, "message">, ContactListEnvelope>;

const importSummarySchema = z.object({
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
  failures: z.array(z.object({ row: z.number(), email: z.string().nullable(), reason: z.string() })),
  duplicates: z.array(z.object({ row: z.number(), email: z.string(), earlierRow: z.number() })),
});
true satisfies Agrees<z.input<typeof importSummarySchema>, ImportSummary>;

const statsSchema = z.object({
  total: z.number(),
  byStage: z.record(z.enum(CONTACT_STAGES), z.number()),
  byPriority: z.record(z.enum(CONTACT_PRIORITIES), z.number()),
  newThisMonth: z.number(),
  metLast30Days: z.number(),
});
true satisfies Agrees<z.input<typeof statsSchema>, ContactStats>;

const bulkSchema = z.object({ affected: z.number() });
true satisfies Agrees<z.input<typeof bulkSchema>, BulkResult>;

export const contactsResponses = {
  list: { 200: contactListSchema },
  created: { 201: envelope(contactSchema) },
  contact: { 200: envelope(contactSchema) },
  detail: { 200: envelope(contactDetailSchema) },
  stats: { 200: envelope(statsSchema) },
  bulk: { 200: envelope(bulkSchema) },
  done: { 200: doneEnvelope },
  avatar: fileResponse("image/*", "The contact's picture (JPEG, PNG or GIF)"),
  csv: fileResponse("text/csv", "The contacts as a CSV file (UTF-8, header row first)"),
  /** The import's summary, twice (`data` and the older `summary`), and how it went overall. */
  imported: {
    200: envelope(importSummarySchema, {
      status: z.enum(["success", "partial", "failed"]),
      summary: importSummarySchema,
    }),
  },
};
