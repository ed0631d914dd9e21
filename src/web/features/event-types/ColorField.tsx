import { Check } from "lucide-react";
import { DEFAULT_COLOR } from "../../../contract/event-type-constants";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { FieldGroup } from "./FieldGroup";

const SWATCHES = [
  { value: DEFAULT_COLOR, name: "eventTypes.color.blue" },
  { value: "#8B5CF6", name: "eventTypes.color.violet" },
  { value: "#EC4899", name: "eventTypes.color.pink" },
  { value: "#EF4444", name: "eventTypes.color.red" },
  { value: "#F97316", name: "eventTypes.color.orange" },
  { value: "#EAB308", name: "eventTypes.color.yellow" },
  { value: "#10B981", name: "eventTypes.color.green" },
  { value: "#14B8A6", name: "eventTypes.color.teal" },
  { value: "#64748B", name: "eventTypes.color.slate" },
] as const;

/** The event type's colour (card edge, booking page accent): a row of swatches as a radio group. */
export function ColorField({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const known = SWATCHES.some((s) => s.value.toLowerCase() === value.toLowerCase());
  // A colour set through the API that is not a swatch stays selectable.
  // Names are ids until render: the language can change while the page is open.
  const swatches = SWATCHES.map((s) => ({ value: s.value as string, name: t(s.name) }));
  if (!known) swatches.push({ value, name: t("eventTypes.color.custom", { value }) });
  return (
    <FieldGroup legend={t("eventTypes.color.legend")}>
      <div role="radiogroup" aria-label={t("eventTypes.color.legend")} className="flex flex-wrap gap-2">
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
