import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentPropsWithoutRef, HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useReturnFocus } from "./focusReturn";
import { PanelCloseButton, PanelHeading } from "./panelParts";

export const Drawer = RadixDialog.Root;
export const DrawerTrigger = RadixDialog.Trigger;
export const DrawerClose = RadixDialog.Close;

export interface DrawerContentProps
  extends Omit<ComponentPropsWithoutRef<typeof RadixDialog.Content>, "title"> {
  title: ReactNode;
  description?: ReactNode;
  /** Sticky footer (e.g. Cancel / Save buttons). */
  footer?: ReactNode;
  /** Tailwind max-width class, default "max-w-md". */
  widthClassName?: string;
}

/** Right-side sheet: header with title and close, scrolling body, optional sticky footer. */
export function DrawerContent({
  title,
  description,
  footer,
  widthClassName = "max-w-md",
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...rest
}: DrawerContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="kairos-fade fixed inset-0 z-50 bg-slate-900/40" />
      <RadixDialog.Content
        className={cn(
          "kairos-slide fixed inset-y-0 end-0 z-50 flex w-full flex-col bg-white shadow-2xl shadow-slate-900/20 focus:outline-none",
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
          className="border-slate-200 border-b py-4 ps-6 pe-14"
          descriptionClassName="mt-0.5"
        />
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        {footer && <DrawerFooter>{footer}</DrawerFooter>}
        <PanelCloseButton />
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DrawerFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "flex items-center justify-end gap-2 border-slate-200 border-t bg-white px-6 py-4",
        className,
      )}
      {...rest}
    />
  );
}
