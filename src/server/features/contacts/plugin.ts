import fp from "fastify-plugin";
import { createRegistry, type Registry } from "../../lib/registry.js";
import type { ContactListener } from "./events.js";
import { contactsRoutes } from "./routes.js";
import { type ContactsService, createContactsService } from "./service.js";
import { createContactsCsvService } from "./service-csv.js";
import { createContactsListService } from "./service-list.js";
import { type ContactPages, createContactPages } from "./service-pages.js";

/** What other features may use of contacts. */
export interface ContactsFeature {
  /**
   * Writes a contact for a workflow's add_to_crm, inside the run's transaction; the host's own reads
   * and writes for the public API.
   */
  service: Pick<ContactsService, "upsertFromWorkflow" | "get" | "create" | "update" | "remove">;
  /** The host's contacts in pages of a stable order (the public API's list). */
  pages: ContactPages;
  /** Followers of contact changes (webhooks), called inside the change's transaction (events.ts). */
  listeners: Registry<ContactListener>;
}

declare module "fastify" {
  interface FastifyInstance {
    contacts: ContactsFeature;
  }
}

/** Contacts: the host's contact list, filled by bookings; CSV import and export. */
export const contactsPlugin = fp(
  async (app) => {
    const { db, now } = app.infra;
    const listeners = createRegistry<ContactListener>();
    const contacts = createContactsService(db, { now, listeners });
    const contactsList = createContactsListService(db, { now });
    app.bookings.listeners.add(contacts.bookingListener);
    app.users.accountParts.add({
      name: "contacts",
      // Every contact of the host, page by page (the list's largest page is 100).
      async export(user) {
        const all = [];
        for (let page = 1; ; page++) {
          const { data, pagination } = await contactsList.list(user.id, { page, limit: 100 });
          all.push(...data);
          if (page >= pagination.totalPages) return all;
        }
      },
    });
    app.decorate("contacts", { service: contacts, pages: createContactPages(db, { now }), listeners });
    app.apiRoutes.add((api) =>
      api.register(contactsRoutes, {
        contacts,
        contactsList,
        contactsCsv: createContactsCsvService(db, { now }),
      }),
    );
  },
  { name: "contacts", dependencies: ["users", "bookings"] },
);
