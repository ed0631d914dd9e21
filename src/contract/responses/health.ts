import { z } from "zod";
import { envelope } from "./shared.js";

/** GET /api/health: up, and which database this instance runs on. */
export const healthResponses = {
  200: envelope(z.object({ status: z.literal("ok"), db: z.enum(["pglite", "postgres"]) })),
};
