import { Check } from "lucide-react";
import { DEFAULT_COLOR } from "../../../contract/event-types";
import { cn } from "../../lib/cn";
import { FieldGroup } from "./FieldGroup";

const SWATCHES = [
  { value: DEFAULT_COLOR, name: "Blue" },
  { value: "#8B5CF6", name: "Violet" },
  { value: "#EC4899", name: "Pink" },
  { value: "#EF4444", name: "Red" },
  { value: "#F97316", name: "Orange" },
  { value: "#EAB308", name: "Yellow" },
  { value: "#10B981", name: "Green" },
  { value: "#14B8A6", name: "Teal" },
  { value: "#64748B", name: "Slate" },
];

/** The event type's colour (card edge, booking page accent): a row of swatches as a radio group. */
export function ColorField({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const known = SWATCHES.some((s) => s.value.toLowerCase() === value.toLowerCase());
  // A colour set through the API that is not a swatch stays selectable.
  const swatches = known ? SWATCHES : [...SWATCHES, { value, name: `Custom ${value}` }];
  return (
    <FieldGroup legend="Color">
      <div role="radiogroup" aria-label="Color" className="flex flex-wrap gap-2">
        {swatches.map((s) => {
          const selected = s.value.toLowerCase() === value.toLowerCase();
          return (
            // biome-ignore lint/a11y/useSemanticElements: a styled swatch; role=radio keeps it one group.
            <button
              key={s.value}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={s.name}
              title={s.name}
              onClick={() => onChange(s.value)}
              className={cn(
                "flex size-8 items-center justify-center rounded-full ring-offset-2 transition-shadow",
                selected ? "ring-2 ring-slate-900" : "hover:ring-2 hover:ring-slate-300",
              )}
              style={{ backgroundColor: s.value }}
            >
              {selected && <Check size={16} className="text-white" aria-hidden />}
            </button>
          );
        })}
      </div>
    </FieldGroup>
  );
}
