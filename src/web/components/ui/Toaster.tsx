import { Toaster as SonnerToaster, toast as sonnerToast } from "sonner";

/** Spec section 9: a success toast stays 2000 ms; errors keep sonner's 4000 ms, so they can be read. */
const SUCCESS_TOAST_MS = 2000;

/** Mount once near the root. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      richColors
      closeButton
      toastOptions={{ style: { fontFamily: "var(--font-sans)", fontSize: 14 } }}
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
