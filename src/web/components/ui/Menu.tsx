import type { LucideIcon } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useDirection } from "./direction";

export interface MenuProps {
  /** The element that opens the menu (a button); rendered with asChild. */
  trigger: ReactNode;
  children: ReactNode;
  align?: "start" | "center" | "end";
  side?: "top" | "right" | "bottom" | "left";
  className?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** Dropdown menu (Radix): arrow keys, typeahead, Escape to close. */
export function Menu({
  trigger,
  children,
  align = "end",
  side = "bottom",
  className,
  open,
  onOpenChange,
}: MenuProps) {
  const dir = useDirection();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} dir={dir}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          side={side}
          sideOffset={6}
          className={cn(
            "kairos-pop z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg shadow-slate-900/10",
            className,
          )}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export interface MenuItemProps extends ComponentPropsWithoutRef<typeof DropdownMenu.Item> {
  icon?: LucideIcon;
  /** Red text for destructive items. */
  danger?: boolean;
}

export function MenuItem({ icon: Icon, danger, className, children, ...rest }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      className={cn(
        "flex cursor-pointer select-none items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none",
        "data-disabled:pointer-events-none data-disabled:opacity-50",
        danger
          ? "text-red-600 data-highlighted:bg-red-50"
          : "text-slate-700 data-highlighted:bg-slate-100 data-highlighted:text-slate-900",
        className,
      )}
      {...rest}
    >
      {Icon && <Icon size={16} aria-hidden className={danger ? "text-red-500" : "text-slate-500"} />}
      {children}
    </DropdownMenu.Item>
  );
}

export function MenuSeparator({ className }: { className?: string }) {
  return <DropdownMenu.Separator className={cn("-mx-1 my-1 h-px bg-slate-200", className)} />;
}

export function MenuLabel({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <DropdownMenu.Label className={cn("px-2.5 py-1.5 font-medium text-slate-500 text-xs", className)}>
      {children}
    </DropdownMenu.Label>
  );
}
