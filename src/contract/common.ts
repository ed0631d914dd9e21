import { z } from "zod";
import "./messages.js";

export const DEFAULT_TIMEZONE = "Asia/Kolkata";

/**
 * An IANA zone name this runtime knows; fixed offsets such as "+05:30", which
 * Intl also accepts, are refused. Intl only (no Temporal) so the public
 * booking page that imports contracts stays small.
 */
export function isKnownTimeZone(zone: string): boolean {
  if (typeof zone !== "string" || !zone || zone.length > 64 || /^[+-]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().refine(isKnownTimeZone, { message: "Unknown timezone" });

/**
 * The body of an action that takes no input (test a workflow, rotate a secret): none, `{}` or JSON
 * `null` (the validator sees a missing body as null, so the two are one). An array, a scalar or any
 * field is refused with 400 like any body a route does not take.
 */
export const noBody = z.object({}).strict().nullable();

export const idParams = z.object({ id: z.string().uuid({ message: "Invalid id" }) });
