import Fastify from "fastify";
import fp from "fastify-plugin";
import { describe, expect, it } from "vitest";
import { contactsPlugin } from "./features/contacts/plugin.js";

// buildApp lists the features in an order where each comes after those it uses or follows; each plugin
// names them as `dependencies`, so a feature listed too early fails at start-up with Fastify's error
// instead of reaching for a feature that is not there yet.
describe("feature plugins", () => {
  it("refuses a feature registered before those it follows, naming each in turn", async () => {
    const alone = Fastify({ logger: false });
    alone.register(contactsPlugin);
    await expect(alone.ready()).rejects.toThrow(
      "The dependency 'users' of plugin 'contacts' is not registered",
    );

    const withoutBookings = Fastify({ logger: false });
    withoutBookings.register(fp(async () => {}, { name: "users" }));
    withoutBookings.register(contactsPlugin);
    await expect(withoutBookings.ready()).rejects.toThrow(
      "The dependency 'bookings' of plugin 'contacts' is not registered",
    );
  });
});
