import { AlertTriangle } from "lucide-react";
import type { BookingAlert } from "./bookingErrors";

/** A failed booking call, spelled out next to the button that made it. */
export function BookingAlertBox({ alert }: { alert: BookingAlert | null }) {
  if (!alert) return null;
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3.5 text-red-800 text-sm"
    >
      <AlertTriangle size={18} aria-hidden className="mt-px shrink-0 text-red-500" />
      <div>
        {alert.title && <p className="font-semibold">{alert.title}</p>}
        <p className={alert.title ? "mt-0.5" : undefined}>{alert.message}</p>
      </div>
    </div>
  );
}
