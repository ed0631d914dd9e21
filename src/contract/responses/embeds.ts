import { z } from "zod";
import type { EmbedSettingsDto } from "../embed-settings.js";
import { type Agrees, envelope } from "./shared.js";

const embedSettingsSchema = z.object({ allowedOrigins: z.array(z.string()) });
true satisfies Agrees<z.input<typeof embedSettingsSchema>, EmbedSettingsDto>;

export const embedsResponses = {
  settings: { 200: envelope(embedSettingsSchema) },
};
