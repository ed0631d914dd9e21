/**
 * The fields a host sets on a contact, in the order of spec section 3: the one list the contract's
 * schemas, the storage's column lists, the CSV template and export and the web form derive from.
 * Each is also the name of its column in `schema/contacts.ts` and of its key in the API.
 */
export const CONTACT_FIELDS = [
  "fullName",
  "email",
  "phone",
  "jobTitle",
  "company",
  "linkedIn",
  "timezone",
  "country",
  "city",
  "state",
  "relationshipStage",
  "priority",
  "tags",
  "notes",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The fields a booking, a workflow or an import may fill; each may be locked by a host edit. */
export const FILLABLE_FIELDS = CONTACT_FIELDS.filter(
  (f): f is Exclude<ContactField, "email"> => f !== "email",
);
export type FillableField = (typeof FILLABLE_FIELDS)[number];
