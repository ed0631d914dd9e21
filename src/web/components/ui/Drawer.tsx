import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentPropsWithoutRef, HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useReturnFocus } from "./focusReturn";

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
          "kairos-slide fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-2xl shadow-slate-900/20 focus:outline-none",
          widthClassName,
          className,
        )}
        {...(description ? {} : { "aria-describedby": undefined })}
        {...rest}
        {...returnFocus}
      >
        <div className="border-slate-200 border-b py-4 pr-14 pl-6">
          <div className="min-w-0">
            <RadixDialog.Title className="font-semibold text-xl text-slate-900 leading-7">
              {title}
            </RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-0.5 text-slate-500 text-sm">
                {description}
              </RadixDialog.Description>
            )}
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        {footer && <DrawerFooter>{footer}</DrawerFooter>}
        <RadixDialog.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <X size={18} aria-hidden />
        </RadixDialog.Close>
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
