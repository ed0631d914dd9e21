import { Link2, MapPin, MessageSquare, Phone, Video } from "lucide-react";
import type { Location } from "../../../contract/event-types";

const VIDEO = new Set(["zoom", "google_meet", "microsoft_teams", "webex", "goto_meeting"]);

/** The icon of a location type: video calls, places, phone, or the invitee's choice. */
export function LocationIcon({
  type,
  size = 18,
  className,
}: {
  type: Location["type"];
  size?: number;
  className?: string;
}) {
  const Icon = VIDEO.has(type)
    ? Video
    : type === "in_person"
      ? MapPin
      : type === "phone"
        ? Phone
        : type === "ask_invitee"
          ? MessageSquare
          : Link2;
  return <Icon size={size} aria-hidden className={className} />;
}

/** Places where the address itself helps the invitee decide; links stay private until booked. */
export const showsLocationValue = (l: Location) =>
  (l.type === "in_person" || l.type === "custom") && !!l.value;
