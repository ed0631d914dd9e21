import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../error-codes.js";

/*
 * Building blocks of the routes' response schemas. With a schema on a status, the server's serializer
 * (fastify-type-provider-zod) encodes the answer through it: keys the schema does not name are dropped,
 * so nothing a service happens to carry leaks, and a mismatch is a 500 that tests catch. The same
 * schemas describe the answers at /api/docs.
 */

function isDateOrString(value: unknown): value is Date | string {
  return value instanceof Date || typeof value === "string";
}

/**
 * An instant as JSON shows it (an ISO string). Services hand over a Date from the database or a string
 * they built; encoding turns a Date into its ISO string, as JSON.stringify would.
 */
export const isoDateTime = z
  .codec(
    z.string(),
    z.custom<Date | string>(isDateOrString, { message: "Expected a date or an ISO string" }),
    {
      decode: (text) => text,
      encode: (value) => (value instanceof Date ? value.toISOString() : value),
    },
  )
  .meta({ type: "string", format: "date-time" });

/** Always true here; a boolean because handlers return object literals, where TypeScript widens `true`. */
const succeeded = z.boolean().meta({ description: "true" });

/** The success envelope (DESIGN.md, "The API contract") around `data`, with a route's extra members. */
export function envelope<Data extends z.ZodType, Extras extends z.ZodRawShape = Record<never, never>>(
  data: Data,
  extras?: Extras,
) {
  return z.object({
    success: succeeded,
    message: z.string().optional(),
    data,
    ...(extras as Extras),
  });
}

/** A success without data: a deletion, an action that only reports (`message`). */
export const doneEnvelope = z.object({ success: succeeded, message: z.string().optional() });

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Every failure's answer (src/server/lib/error-handler.ts). */
export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errorCode: z.enum(ERROR_CODES),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * A compile-time check that a schema's JSON side and the interface the web reads are the same shape:
 * `const _x: Agrees<z.input<typeof schema>, Interface> = true;` fails to compile when they drift.
 */
export type Agrees<Json, Interface> = [Json] extends [Interface]
  ? [Interface] extends [Json]
    ? true
    : { interfaceHasWhatSchemaLacks: Interface }
  : { schemaHasWhatInterfaceLacks: Json };

/**
 * A route's whole success answer as the web receives it (the JSON side of its response schema): `data`
 * and what the envelope carries beside it (a page's `pagination`, a new session's `token`).
 */
export type Answer<Responses> = {
  [Status in keyof Responses]: Responses[Status] extends z.ZodType ? z.input<Responses[Status]> : never;
}[keyof Responses];

type DataOf<Whole> = Whole extends { data: infer Data } ? Data : never;

/**
 * The `data` of a route's success answer as the web receives it (the JSON side of its response schema),
 * e.g. `AnswerData<typeof teamsResponses.invited>`: a web query types its answer from the route's own
 * schema instead of restating it.
 */
export type AnswerData<Responses> = DataOf<Answer<Responses>>;

/**
 * A route that answers a file (CSV, an image, an invite), not JSON: documented at /api/docs with its
 * media type; the bytes are sent as they are, never through a schema.
 */
const fileBytes = z
  .custom<Uint8Array | string | NodeJS.ReadableStream>(() => true)
  .meta({ type: "string", format: "binary" });

export function fileResponse(mediaType: string, description: string) {
  return {
    200: { description, content: { [mediaType]: { schema: fileBytes } } },
  };
}
