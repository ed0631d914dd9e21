import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentPropsWithoutRef, HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useReturnFocus } from "./focusReturn";
import { PanelCloseButton, PanelHeading } from "./panelParts";

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
        <PanelHeading
          title={title}
          description={description}
          className="px-6 pt-5 pb-4 pe-14"
          descriptionClassName="mt-1"
        />
        <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6">{children}</div>
        {!hideClose && <PanelCloseButton />}
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
