import { Check, Minus } from "lucide-react";
import { Checkbox as RadixCheckbox } from "radix-ui";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { cn } from "../../lib/cn";

export type CheckboxProps = ComponentPropsWithoutRef<typeof RadixCheckbox.Root>;

/** Checkbox (checked/onCheckedChange; checked may be "indeterminate"). Pair with <Label htmlFor>. */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { className, ...rest },
  ref,
) {
  return (
    <RadixCheckbox.Root
      ref={ref}
      className={cn(
        "flex size-[18px] shrink-0 items-center justify-center rounded-[4px] border border-slate-300 bg-white text-white transition-colors",
        "hover:border-slate-400 data-[state=checked]:border-accent data-[state=checked]:bg-accent",
        "data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...rest}
    >
      <RadixCheckbox.Indicator>
        {rest.checked === "indeterminate" ? (
          <Minus size={14} strokeWidth={3} aria-hidden />
        ) : (
          <Check size={14} strokeWidth={3} aria-hidden />
        )}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
});
