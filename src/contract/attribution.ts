import { z } from "zod";
import { ATTRIBUTION_VALUE_MAX, METADATA_KEY_PATTERN, METADATA_MAX_KEYS, UTM_KEYS } from "./embed.js";

const attributionValue = z
  .string()
  .trim()
  .max(ATTRIBUTION_VALUE_MAX, `At most ${ATTRIBUTION_VALUE_MAX} characters`);

/**
 * Where a booking came from (issue 25): the `utm_*` parameters and free `metadata[key]=value` of the
 * embedding page or the link, stored on the booking and shown to the host.
 */
export const attributionSchema = z
  .object({
    utm: z.partialRecord(z.enum(UTM_KEYS), attributionValue).default({}),
    metadata: z
      .record(
        z.string().regex(METADATA_KEY_PATTERN, "Use letters, digits, _ . - (at most 100)"),
        attributionValue,
      )
      .default({})
      .refine(
        (m) => Object.keys(m).length <= METADATA_MAX_KEYS,
        `At most ${METADATA_MAX_KEYS} metadata keys`,
      ),
  })
  .strict()
  // Nothing in either part: the booking keeps no attribution.
  .transform((a) => (Object.keys(a.utm).length + Object.keys(a.metadata).length > 0 ? a : undefined));
