import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentPropsWithoutRef, HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useReturnFocus } from "./focusReturn";

/** Root (controlled with open/onOpenChange, or uncontrolled with a DialogTrigger). */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps
  extends Omit<ComponentPropsWithoutRef<typeof RadixDialog.Content>, "title"> {
  title: ReactNode;
  description?: ReactNode;
  /** Hide the close (X) button in the corner. */
  hideClose?: boolean;
  /** Tailwind max-width class, default "max-w-lg". */
  widthClassName?: string;
}

/** Centered modal panel with an overlay; focus is trapped, Escape and the X close it. */
export function DialogContent({
  title,
  description,
  hideClose,
  widthClassName = "max-w-lg",
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DialogContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="kairos-fade fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[1px]" />
      <RadixDialog.Content
        className={cn(
          "kairos-pop fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
          "rounded-xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10 focus:outline-none",
          widthClassName,
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...rest}
        {...returnFocus}
      >
        <div className="px-6 pt-5 pb-4 pr-14">
          <div className="min-w-0">
            <RadixDialog.Title className="font-semibold text-xl text-slate-900 leading-7">
              {title}
            </RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-slate-500 text-sm">
                {description}
              </RadixDialog.Description>
            )}
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6">{children}</div>
        {!hideClose && (
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <X size={18} aria-hidden />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** Right-aligned row of actions at the bottom of a dialog body. */
export function DialogFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn("mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end", className)}
      {...rest}
    />
  );
}
