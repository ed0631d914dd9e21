import { Toaster as SonnerToaster, toast } from "sonner";

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

export { toast };
