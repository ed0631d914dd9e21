import type { CrmConfig } from "../../../contract/workflows.js";
import type { BookingView } from "./service-actions.js";

/** Where add_to_crm writes: the Contacts feature's service, adapted in app.ts. */
export interface CrmSink {
  upsert(hostId: string, config: CrmConfig, view: BookingView): Promise<{ target: string }>;
}
