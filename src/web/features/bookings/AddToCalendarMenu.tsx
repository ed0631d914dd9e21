import { CalendarPlus, ChevronDown, Download, ExternalLink } from "lucide-react";
import type { BookingDto } from "../../../contract/bookings";
import { Button } from "../../components/ui/Button";
import { Menu, MenuItem } from "../../components/ui/Menu";
import { t } from "../../lib/i18n";
import { icsUrl } from "./bookingApi";
import { googleCalendarUrl, outlookCalendarUrl } from "./calendarLinks";

/** Downloads a file through a temporary link (menu items cannot be anchors themselves). */
function download(url: string, filename: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}

const openTab = (url: string) => window.open(url, "_blank", "noopener,noreferrer");

/** 'Add to Calendar': Google and Outlook.com links, or the invite as an .ics file (Apple Calendar, Outlook). */
export function AddToCalendarMenu({ booking, token }: { booking: BookingDto; token?: string }) {
  return (
    <Menu
      align="start"
      trigger={
        <Button variant="primary" className="w-full sm:w-auto">
          <CalendarPlus size={16} aria-hidden /> {t("calendar.add")}
          <ChevronDown size={16} aria-hidden className="-me-1 opacity-80" />
        </Button>
      }
    >
      <MenuItem icon={ExternalLink} onSelect={() => openTab(googleCalendarUrl(booking, token))}>
        Google Calendar
      </MenuItem>
      <MenuItem icon={ExternalLink} onSelect={() => openTab(outlookCalendarUrl(booking, token))}>
        Outlook.com
      </MenuItem>
      {token && (
        <MenuItem icon={Download} onSelect={() => download(icsUrl(booking.uid, token), "invite.ics")}>
          {t("calendar.ics")}
        </MenuItem>
      )}
    </Menu>
  );
}
