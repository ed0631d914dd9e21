import { z } from "zod";

/**
 * Sentences for zod's built-in checks, for every schema without a message of its own (those keep theirs):
 * "Use at most 120 characters" instead of "Too big: expected string to have <=120 characters". Set once
 * for the whole process (server validation and the web forms alike).
 */
function sentence(issue: z.core.$ZodRawIssue): string | undefined {
  const i = issue as unknown as {
    code: string;
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    expected?: string;
    format?: string;
    input?: unknown;
  };
  switch (i.code) {
    case "too_big":
      if (i.origin === "string") return `Use at most ${i.maximum} characters`;
      if (i.origin === "array" || i.origin === "set") return `Choose at most ${i.maximum}`;
      return `Must be at most ${i.maximum}`;
    case "too_small":
      if (i.origin === "string")
        return Number(i.minimum) <= 1 ? "This field is required" : `Use at least ${i.minimum} characters`;
      if (i.origin === "array" || i.origin === "set") return `Choose at least ${i.minimum}`;
      return `Must be at least ${i.minimum}`;
    case "invalid_type":
      if (i.input === undefined || i.input === null) return "This field is required";
      return i.expected === "number" || i.expected === "int" ? "Enter a number" : "This value is not valid";
    case "invalid_format":
      if (i.format === "email") return "Enter a valid email address";
      if (i.format === "url") return "Enter a full link, starting with https://";
      if (i.format === "uuid") return "This reference is not valid";
      return "This value is not in the expected format";
    case "invalid_value":
      return "Choose one of the options";
    case "unrecognized_keys":
      return "This request has fields that are not allowed";
    case "not_multiple_of":
      return "This number is not allowed here";
    default:
      return undefined;
  }
}

z.config({ customError: sentence });
