/**
 * Entry of book.html (the invitees' pages). It is kept tiny: it asks for the app chunk (which the
 * page also preloads), then starts the booking page's first API calls, so data and code arrive
 * together instead of one after the other (issue 4: slots within 500 ms of navigation).
 */
import "./font.css";
import "./book.css";
import { startEarlyFetches } from "./features/bookings/earlyFetch";

const app = import("./bookApp");
startEarlyFetches(window.location);

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
void app.then((m) => m.mount(root));
