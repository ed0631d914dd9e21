import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";

/** Title and optional description of a dialog or drawer, named for screen readers by Radix. */
export function PanelHeading({
  title,
  description,
  className,
  descriptionClassName,
}: {
  title: ReactNode;
  description?: ReactNode;
  className: string;
  descriptionClassName: string;
}) {
  return (
    <div className={className}>
      <div className="min-w-0">
        <RadixDialog.Title className="font-semibold text-xl text-slate-900 leading-7">
          {title}
        </RadixDialog.Title>
        {description && (
          <RadixDialog.Description className={cn("text-slate-500 text-sm", descriptionClassName)}>
            {description}
          </RadixDialog.Description>
        )}
      </div>
    </div>
  );
}

/** The X in the top-right corner of a dialog or drawer. */
export function PanelCloseButton() {
  return (
    <RadixDialog.Close
      aria-label={t("common.close")}
      className="absolute end-4 top-4 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
    >
      <X size={18} aria-hidden />
    </RadixDialog.Close>
  );
}
