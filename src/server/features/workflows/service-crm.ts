import type { CrmConfig } from "../../../contract/workflows.js";
import { renderTemplate } from "../../../domain/template.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import type { ContactsService } from "../contacts/service.js";
import { type BookingView, variablesFor } from "./service-actions.js";

/** Where add_to_crm writes, inside the transaction that records the run. */
export interface CrmSink {
  upsert(tx: Tx, hostId: string, config: CrmConfig, view: BookingView): Promise<{ target: string }>;
}

/** Platform "kairos": the attendee goes into Contacts through the Contacts feature's service. */
export function contactsCrm(contacts: Pick<ContactsService, "upsertFromWorkflow">): CrmSink {
  return {
    async upsert(tx: DbOrTx, hostId, config, view) {
      const b = view.record.booking;
      const vars = variablesFor(view, b.attendeeTimezone);
      const mapped = Object.fromEntries(config.mapping.map((m) => [m.field, renderTemplate(m.value, vars)]));
      const result = await contacts.upsertFromWorkflow(tx, hostId, {
        email: b.attendeeEmail,
        fullName: b.attendeeName,
        phone: b.attendeePhone || undefined,
        timezone: b.attendeeTimezone,
        ...mapped,
        stage: config.stage,
        tags: config.tags,
      });
      return { target: `${b.attendeeEmail} (${result.created ? "new contact" : "updated"})` };
    },
  };
}
