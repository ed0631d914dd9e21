import { type ReactNode, useEffect, useState } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../../components/ui";
import { t } from "../../lib/i18n";

/**
 * Leaving a form with unsaved changes asks first: closing its drawer or dialog (`leave(close)`),
 * following a link inside the app (the router's blocker) and closing or reloading the tab (the
 * browser's own prompt). Render `dialog` once beside the form.
 */
export function useLeaveGuard(dirty: boolean): { leave: (go: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const open = pending !== null || blocker.state === "blocked";
  const stay = () => {
    setPending(null);
    if (blocker.state === "blocked") blocker.reset();
  };
  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && stay()}
      title={t("eventTypes.leave.title")}
      description={t("eventTypes.leave.description")}
      cancelLabel={t("eventTypes.leave.keep")}
      confirmLabel={t("eventTypes.leave.discard")}
      onConfirm={() => {
        const go = pending;
        setPending(null);
        if (blocker.state === "blocked") blocker.proceed();
        else go?.();
      }}
    />
  );
  return { leave: (go) => (dirty ? setPending(() => go) : go()), dialog };
}
