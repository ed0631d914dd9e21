import { z } from "zod";

export const preferencesBody = z.object({ hideGetStarted: z.boolean().optional() }).strict();
export type PreferencesBody = z.infer<typeof preferencesBody>;
