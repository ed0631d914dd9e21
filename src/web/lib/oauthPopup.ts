import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The spec's OAuth popup (sections 4, 5, 9): a 500x600 window on the provider's page; the button is
 * "connecting" until the popup closes (polled every second), sends a success or error message, or turns
 * out blocked. Messages count only from this origin and only with a known type. The callback page in
 * the popup answers with `notifyOpener`, then closes itself (1 s after an error, 2 s after success).
 *
 * Sign-in buttons and the calendar-connect button share it:
 *
 *   const popup = useOAuthPopup({ flow: "google-calendar", onSuccess, onError });
 *   <Button onClick={() => popup.start(api.get("/google-accounts/connect").then((d) => d.authUrl))}
 *           loading={popup.connecting}>
 */

export const POPUP_BLOCKED_MESSAGE = "Popup blocked. Please allow popups for this site.";
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
export const POPUP_POLL_MS = 1000;
export const POPUP_CLOSE_AFTER_ERROR_MS = 1000;
export const POPUP_CLOSE_AFTER_SUCCESS_MS = 2000;

/** What a callback page tells the window that opened it. `flow` names the button waiting for it. */
export type OAuthPopupMessage =
  | { type: "oauth:success"; flow: string; data?: unknown }
  | { type: "oauth:error"; flow: string; error: string };

export function isOAuthPopupMessage(value: unknown): value is OAuthPopupMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  if (typeof m.flow !== "string") return false;
  return m.type === "oauth:success" || (m.type === "oauth:error" && typeof m.error === "string");
}

export interface OAuthPopupHandlers {
  /** Which callback's messages to accept, e.g. "auth:sbu" or "google-calendar". */
  flow: string;
  onSuccess(data: unknown): void;
  /** Also called with POPUP_BLOCKED_MESSAGE, and with the failure when `url` was a rejected promise. */
  onError(message: string): void;
  /** The user closed the popup without finishing. */
  onClosed?(): void;
}

/**
 * Opens the popup; call it straight from a click handler (browsers block popups opened later). `url`
 * may be a promise (an authorize URL the server makes first): the popup opens blank and goes there
 * once it is known. Returns a function that stops listening and closes the popup.
 */
export function openOAuthPopup(url: string | Promise<string>, handlers: OAuthPopupHandlers): () => void {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  const features = `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
  const popup = window.open(
    typeof url === "string" ? url : "about:blank",
    `kairos-${handlers.flow}`,
    features,
  );
  if (!popup) {
    handlers.onError(POPUP_BLOCKED_MESSAGE);
    return () => {};
  }

  let done = false;
  const finish = () => {
    done = true;
    window.removeEventListener("message", onMessage);
    window.clearInterval(poll);
  };
  const onMessage = (event: MessageEvent) => {
    if (done || event.origin !== window.location.origin || !isOAuthPopupMessage(event.data)) return;
    if (event.data.flow !== handlers.flow) return;
    finish();
    if (event.data.type === "oauth:success") handlers.onSuccess(event.data.data);
    else handlers.onError(event.data.error);
  };
  const poll = window.setInterval(() => {
    if (!done && popup.closed) {
      finish();
      handlers.onClosed?.();
    }
  }, POPUP_POLL_MS);
  window.addEventListener("message", onMessage);

  if (typeof url !== "string") {
    url.then(
      (target) => {
        if (!done && !popup.closed) popup.location.href = target;
      },
      (error: unknown) => {
        if (done) return;
        finish();
        popup.close();
        handlers.onError(error instanceof Error ? error.message : String(error));
      },
    );
  }

  return () => {
    if (!done) finish();
    if (!popup.closed) popup.close();
  };
}

/** React state around openOAuthPopup: `connecting` is true from start() until the popup has answered or closed. */
export function useOAuthPopup(handlers: OAuthPopupHandlers) {
  const [connecting, setConnecting] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;
  const stop = useRef<(() => void) | null>(null);

  // Leaving the page stops listening (the popup is closed too: nobody would read its answer).
  useEffect(() => () => stop.current?.(), []);

  const start = useCallback((url: string | Promise<string>) => {
    stop.current?.();
    setConnecting(true);
    const settle = () => {
      stop.current = null;
      setConnecting(false);
    };
    stop.current = openOAuthPopup(url, {
      flow: latest.current.flow,
      onSuccess(data) {
        settle();
        latest.current.onSuccess(data);
      },
      onError(message) {
        settle();
        latest.current.onError(message);
      },
      onClosed() {
        settle();
        latest.current.onClosed?.();
      },
    });
  }, []);

  return { start, connecting };
}

/** True when this page runs in a popup opened by a page of this origin (the callback pages ask). */
export function hasOpener(): boolean {
  try {
    return (
      !!window.opener && !window.opener.closed && window.opener.location.origin === window.location.origin
    );
  } catch {
    // Another origin's window: reading its location throws.
    return false;
  }
}

/** Sends the callback's outcome to the opener (this origin only); false when there is no opener to tell. */
export function notifyOpener(message: OAuthPopupMessage): boolean {
  if (!hasOpener()) return false;
  (window.opener as Window).postMessage(message, window.location.origin);
  return true;
}
