/**
 * The contact CSV format: which header names map to which field, the template, and CSV
 * formula-injection safety. Parsing and writing CSV itself is csv-parse / csv-stringify's job.
 */
import { CONTACT_FIELDS } from "./contact-fields.js";

/** The CSV's columns: every field a host sets, in the contact's order. */
export const CSV_FIELDS = CONTACT_FIELDS;
export type CsvField = (typeof CSV_FIELDS)[number];

/** The template's headers (and the export's first columns), in order. */
export const CSV_HEADERS: Record<CsvField, string> = {
  fullName: "Full Name",
  email: "Email",
  phone: "Phone",
  jobTitle: "Job Title",
  company: "Company",
  linkedIn: "LinkedIn",
  timezone: "Timezone",
  country: "Country",
  city: "City",
  state: "State",
  relationshipStage: "Relationship Stage",
  priority: "Priority",
  tags: "Tags",
  notes: "Notes",
};

/** Header spellings people use, compared without case, spaces, dashes or underscores. */
const ALIASES: Record<string, CsvField | "firstName" | "lastName"> = {
  fullname: "fullName",
  name: "fullName",
  contactname: "fullName",
  contact: "fullName",
  firstname: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  surname: "lastName",
  familyname: "lastName",
  email: "email",
  emailaddress: "email",
  mail: "email",
  phone: "phone",
  phonenumber: "phone",
  mobile: "phone",
  mobilephone: "phone",
  telephone: "phone",
  tel: "phone",
  jobtitle: "jobTitle",
  title: "jobTitle",
  position: "jobTitle",
  role: "jobTitle",
  company: "company",
  companyname: "company",
  organization: "company",
  organisation: "company",
  linkedin: "linkedIn",
  linkedinurl: "linkedIn",
  linkedinprofile: "linkedIn",
  timezone: "timezone",
  tz: "timezone",
  country: "country",
  city: "city",
  state: "state",
  province: "state",
  region: "state",
  relationshipstage: "relationshipStage",
  stage: "relationshipStage",
  priority: "priority",
  tags: "tags",
  tag: "tags",
  labels: "tags",
  notes: "notes",
  note: "notes",
};

export type HeaderMap = (CsvField | "firstName" | "lastName" | null)[];

/** Each column's field (null for columns we do not know); the first column of a field wins. */
export function mapHeaders(headers: readonly string[]): HeaderMap {
  const taken = new Set<string>();
  return headers.map((h) => {
    const key = h
      .replace(/^\uFEFF/, "")
      .toLowerCase()
      .replace(/[\s_\-.]+/g, "");
    const field = ALIASES[key] ?? null;
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** What is missing for an import to make sense, or null. */
export function missingHeaders(map: HeaderMap): string | null {
  const hasName = map.includes("fullName") || map.includes("firstName") || map.includes("lastName");
  if (!map.includes("email")) return "The file has no Email column";
  if (!hasName) return "The file has no Full Name column";
  return null;
}

/** One CSV record as raw field values (unknown columns dropped, `'`-escapes removed, names joined). */
export function recordToFields(map: HeaderMap, record: readonly string[]): Partial<Record<CsvField, string>> {
  const out: Partial<Record<CsvField, string>> = {};
  let first = "";
  let last = "";
  map.forEach((field, i) => {
    if (!field) return;
    const value = unescapeCell(record[i] ?? "");
    if (field === "firstName") first = value.trim();
    else if (field === "lastName") last = value.trim();
    else out[field] = value;
  });
  if (out.fullName === undefined && (first || last)) out.fullName = `${first} ${last}`.trim();
  return out;
}

/** Tags in one cell: separated by commas, semicolons or pipes. */
export const splitTags = (cell: string): string[] =>
  cell
    .split(/[,;|]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** Stage and priority cells as people write them ("Lead", "High Priority"). */
export function parseChoice<T extends string>(cell: string, choices: readonly T[]): T | null | undefined {
  const key = cell
    .trim()
    .toLowerCase()
    .replace(/\s*priority$/, "");
  if (!key) return undefined;
  return choices.find((c) => c === key) ?? null;
}

/** Starts (after any `'`) with a character a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/**
 * A phone number as people write it: `+`, then digits with spaces, dashes, dots or parentheses, and
 * nothing a spreadsheet could call (no letters, no `=`, `|`, `!`): it stays as it is, readable.
 */
const PLAIN_PHONE = /^\+[\d][\d\s().-]*$/;
const ESCAPED = /^'+[=+\-@\t\r]/;
const needsEscape = (value: string) => FORMULA_START.test(value) && !PLAIN_PHONE.test(value);

/**
 * CSV formula injection: a spreadsheet runs a cell starting with = + - @ tab or CR as a formula,
 * so such cells get a leading `'`, except a plain phone number (`+14155550111`, `+44 20 7946 0958`),
 * which calls nothing. Cells that are `'`s before such a character get one more, so unescapeCell gives
 * every value back exactly and an export imports back unchanged.
 */
export const escapeCell = (value: string): string => (needsEscape(value) ? `'${value}` : value);

export const unescapeCell = (value: string): string => (ESCAPED.test(value) ? value.slice(1) : value);

/** The template's two example rows. */
export const TEMPLATE_ROWS: Record<CsvField, string>[] = [
  {
    fullName: "Jane Cooper",
    email: "jane.cooper@example.com",
    phone: "+1 555 0100",
    jobTitle: "Head of Operations",
    company: "Acme Inc",
    linkedIn: "https://www.linkedin.com/in/janecooper",
    timezone: "America/New_York",
    country: "United States",
    city: "New York",
    state: "NY",
    relationshipStage: "customer",
    priority: "high",
    tags: "vip, quarterly review",
    notes: "Prefers morning calls",
  },
  {
    fullName: "Rahul Mehta",
    email: "rahul.mehta@example.com",
    phone: "9876543210",
    jobTitle: "Founder",
    company: "Mehta Consulting",
    linkedIn: "",
    timezone: "Asia/Kolkata",
    country: "India",
    city: "Mumbai",
    state: "Maharashtra",
    relationshipStage: "lead",
    priority: "medium",
    tags: "referral",
    notes: "",
  },
];
