import { Tabs as RadixTabs } from "radix-ui";
import type { ComponentPropsWithoutRef } from "react";
import { cn } from "../../lib/cn";
import { useDirection } from "./direction";

/** Root: value/onValueChange or defaultValue; follows the language's reading direction. */
export function Tabs(props: ComponentPropsWithoutRef<typeof RadixTabs.Root>) {
  const dir = useDirection();
  return <RadixTabs.Root dir={dir} {...props} />;
}

export function TabsList({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn("flex gap-1 border-slate-200 border-b", className)} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        "-mb-px inline-flex h-10 items-center gap-2 border-transparent border-b-2 px-3 font-medium text-slate-500 text-sm transition-colors",
        "hover:text-slate-800 data-[state=active]:border-accent data-[state=active]:text-slate-900",
        "focus-visible:rounded-t-md focus-visible:outline-offset-0",
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn("pt-5 focus-visible:outline-none", className)} {...rest} />;
}
