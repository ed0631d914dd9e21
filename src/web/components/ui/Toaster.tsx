import type { CSSProperties } from "react";
import { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";

/** Spec section 9: a success toast stays 2000 ms; errors keep sonner's 4000 ms, so they can be read. */
const SUCCESS_TOAST_MS = 2000;

const TOAST_TEXT_COLOURS = {
  "--success-text": "#047857",
  "--error-text": "#b91c1c",
  "--warning-text": "#b45309",
  "--info-text": "#1d4ed8",
} as CSSProperties;

/** Mount once near the root. */
export function Toaster() {
  return (
    <SonnerToaster
      // Top right covered the header's buttons (Create, the avatar menu) while toasts stacked there;
      // bottom right covers no control of the shell or the booking page, and three at most are shown.
      position="bottom-right"
      visibleToasts={3}
      richColors
      closeButton
      toastOptions={{ style: { fontFamily: "var(--font-sans)", fontSize: 14 } }}
      // sonner's rich colours put text at 4.25:1 (success) or less on their tinted backgrounds; these
      // darker shades of the same hues read at 4.5:1 or more (axe found a success toast at 4.25).
      style={TOAST_TEXT_COLOURS}
    />
  );
}

/** sonner's toast, with the success duration of the spec. */
export const toast: typeof sonnerToast = Object.assign(
  (...args: Parameters<typeof sonnerToast>) => sonnerToast(...args),
  sonnerToast,
  {
    success: ((message, data) =>
      sonnerToast.success(message, { duration: SUCCESS_TOAST_MS, ...data })) as typeof sonnerToast.success,
  },
);
