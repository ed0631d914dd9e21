import { createContext } from "react";

/**
 * What the server's render of the booking page's first view (ssr.tsx) fixes that a browser would
 * detect: the invitee's zone (from an earlier visit, else the host's) and the server's clock.
 * Empty in the browser.
 */
export const FirstView = createContext<{ zone?: string; now?: number }>({});
