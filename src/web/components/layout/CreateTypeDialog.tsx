import {
  CalendarPlus,
  ChevronDown,
  type LucideIcon,
  Repeat,
  User,
  Users,
  UsersRound,
  Vote,
} from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { Dialog, DialogContent } from "../ui";

interface TypeChoice {
  type: string;
  label: AppMessageId;
  description: AppMessageId;
  icon: LucideIcon;
}

const eventTypes: TypeChoice[] = [
  {
    type: "one-on-one",
    label: "common.create.oneOnOne",
    description: "common.create.oneOnOneText",
    icon: User,
  },
  { type: "group", label: "common.create.group", description: "common.create.groupText", icon: Users },
  {
    type: "round-robin",
    label: "common.create.roundRobin",
    description: "common.create.roundRobinText",
    icon: Repeat,
  },
];

const moreWays: TypeChoice[] = [
  {
    type: "collective",
    label: "common.create.collective",
    description: "common.create.collectiveText",
    icon: UsersRound,
  },
  {
    type: "one-off",
    label: "common.create.oneOff",
    description: "common.create.oneOffText",
    icon: CalendarPlus,
  },
  { type: "poll", label: "common.create.poll", description: "common.create.pollText", icon: Vote },
];

/** The 'Create' type chooser; a choice opens the create drawer on the event types screen. */
export function CreateTypeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (v: boolean) => void;
}) {
  const navigate = useNavigate();
  const choose = (type: string) => {
    onOpenChange(false);
    navigate(`/event-types?create=${type}`);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("common.create.title")} description={t("common.create.description")}>
        <div className="flex flex-col gap-5">
          <ChoiceGroup heading={t("common.create.eventTypes")} choices={eventTypes} onChoose={choose} />
          <Collapsible heading={t("common.create.adminTemplates")}>
            <p className="px-1 py-2 text-slate-500 text-sm">{t("common.create.noTemplates")}</p>
          </Collapsible>
          <Collapsible heading={t("common.create.moreWays")}>
            <ChoiceGroup choices={moreWays} onChoose={choose} />
          </Collapsible>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ChoiceGroup({
  heading,
  choices,
  onChoose,
}: {
  heading?: string;
  choices: TypeChoice[];
  onChoose: (type: string) => void;
}) {
  return (
    <div>
      {heading && (
        <h3 className="mb-2 font-semibold text-slate-500 text-xs uppercase tracking-wide">{heading}</h3>
      )}
      <ul className="flex flex-col gap-1">
        {choices.map(({ type, label, description, icon: Icon }) => (
          <li key={type}>
            <button
              type="button"
              onClick={() => onChoose(type)}
              className="flex w-full items-center gap-3 rounded-lg border border-transparent px-3 py-2.5 text-start hover:border-slate-200 hover:bg-slate-50"
            >
              <span className="flex size-9 items-center justify-center rounded-md bg-accent-soft text-accent-strong">
                <Icon size={18} aria-hidden />
              </span>
              <span>
                <span className="block font-medium text-slate-900 text-sm">{t(label)}</span>
                <span className="block text-slate-500 text-sm">{t(description)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Collapsible({ heading, children }: { heading: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="border-slate-200 border-t pt-3">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-between rounded-md px-1 py-1 font-semibold text-slate-500 text-xs uppercase tracking-wide hover:text-slate-800"
      >
        {heading}
        <ChevronDown
          size={16}
          className={open ? "rotate-180 transition-transform" : "transition-transform"}
        />
      </button>
      {open && <div className="mt-2">{children}</div>}
    </div>
  );
}
