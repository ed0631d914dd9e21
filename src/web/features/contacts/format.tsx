import { Flag } from "lucide-react";
import type { ContactDto, ContactPriority, ContactStage } from "../../../contract/contacts";
import { eventTypePath } from "../../../contract/usernames";
import { Avatar, Badge, type BadgeTone } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";
import { useAuthedImage } from "./queries";

/** Catalogue ids, read with `t` when rendering (the language can change at run time). */
export const STAGE_LABELS: Record<ContactStage, AppMessageId> = {
  prospect: "contacts.stage.prospect",
  lead: "contacts.stage.lead",
  customer: "contacts.stage.customer",
  partner: "contacts.stage.partner",
  other: "contacts.stage.other",
};
const STAGE_TONES: Record<ContactStage, BadgeTone> = {
  prospect: "grey",
  lead: "blue",
  customer: "green",
  partner: "amber",
  other: "grey",
};
export const PRIORITY_LABELS: Record<ContactPriority, AppMessageId> = {
  high: "contacts.priority.high",
  medium: "contacts.priority.medium",
  low: "contacts.priority.low",
};
const PRIORITY_COLORS: Record<ContactPriority, string> = {
  high: "text-red-600",
  medium: "text-amber-600",
  low: "text-emerald-600",
};

export function StageBadge({ stage }: { stage: ContactStage }) {
  return <Badge tone={STAGE_TONES[stage]}>{t(STAGE_LABELS[stage])}</Badge>;
}

/** The priority flag coloured by level, with its name for screen readers and on hover. */
export function PriorityIcon({ priority, withLabel }: { priority: ContactPriority; withLabel?: boolean }) {
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 text-sm", PRIORITY_COLORS[priority])}
      title={t(PRIORITY_LABELS[priority])}
    >
      <Flag size={16} aria-hidden fill="currentColor" />
      {withLabel ? (
        <span className="text-slate-700">{t(PRIORITY_LABELS[priority])}</span>
      ) : (
        <span className="sr-only">{t(PRIORITY_LABELS[priority])}</span>
      )}
    </span>
  );
}

export function ContactAvatar({
  contact,
  size = 36,
}: {
  contact: Pick<ContactDto, "fullName" | "email" | "avatar">;
  size?: number;
}) {
  const src = useAuthedImage(contact.avatar);
  return <Avatar name={contact.fullName} email={contact.email} src={src} size={size} />;
}

/** In the app's language, read when called (the language can change at run time). */
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", year: "numeric" }).format(
    new Date(iso),
  );

/** The 'Schedule Meeting' link: the booking page (/{username}/{slug}) with the contact's details filled in. */
export function scheduleUrl(
  et: { slug: string; user: { username: string } },
  c: Pick<ContactDto, "fullName" | "email" | "phone">,
): string {
  const q = new URLSearchParams({ name: c.fullName, email: c.email });
  // A "+" keeps its meaning (the number's own country); otherwise the digits, read in the invitee's.
  const digits = c.phone.replace(/\D+/g, "");
  if (digits) q.set("phone", c.phone.trim().startsWith("+") ? `+${digits}` : digits);
  return `${eventTypePath(et.user.username, et.slug)}?${q}`;
}
