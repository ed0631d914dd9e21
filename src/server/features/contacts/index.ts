// What other features may import of contacts besides its plugin's decoration (check-structure.mjs
// keeps this file to re-exports): the announcement of contact changes.
export type { ContactChange, ContactListener } from "./events.js";
