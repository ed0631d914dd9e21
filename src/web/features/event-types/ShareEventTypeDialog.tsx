import { Copy, ExternalLink } from "lucide-react";
import { useState } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import {
  Button,
  Dialog,
  DialogContent,
  Input,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "../../components/ui";
import { copyText } from "../../lib/clipboard";
import { EmbedCodePanel } from "../embeds/EmbedCodePanel";
import { bookingUrl, openBookingPage, profileUrl } from "./links";

/**
 * Share: the booking link and the host's public profile link, each with a copy button; Embed: the
 * snippet that puts the page (or the profile) on the host's own website (issue 25).
 */
export function ShareEventTypeDialog({
  eventType,
  onClose,
}: {
  eventType: EventTypeDto | null;
  onClose: () => void;
}) {
  const [tab, setTab] = useState("link");
  return (
    <Dialog
      open={eventType !== null}
      onOpenChange={(open) => {
        if (open) return;
        setTab("link");
        onClose();
      }}
    >
      {eventType && (
        <DialogContent
          title={`Share ${eventType.title}`}
          description="Send this link to invitees so they can pick a time, or embed it on your website."
          widthClassName={tab === "embed" ? "max-w-4xl" : "max-w-lg"}
        >
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="link">Link</TabsTrigger>
              <TabsTrigger value="embed">Embed</TabsTrigger>
            </TabsList>
            <TabsContent value="link" className="pt-4">
              <div className="flex flex-col gap-5">
                <CopyRow id="share-booking-link" label="Booking page" value={bookingUrl(eventType)} />
                <CopyRow
                  id="share-profile-link"
                  label="Your public profile (all active event types)"
                  value={profileUrl(eventType.user.username)}
                />
                {!eventType.isActive && (
                  <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-800 text-sm">
                    This event type is inactive, so its booking page shows "Event Not Found" until you turn it
                    on.
                  </p>
                )}
                <div className="flex justify-end">
                  <Button variant="ghost" size="sm" onClick={() => openBookingPage(eventType)}>
                    <ExternalLink size={14} aria-hidden /> Preview booking page
                  </Button>
                </div>
              </div>
            </TabsContent>
            <TabsContent value="embed" className="pt-4">
              <EmbedCodePanel
                pages={[
                  // A poll is voted on at /poll/:slug, not booked: its embed is the profile.
                  ...(eventType.type === "poll"
                    ? []
                    : [{ link: `${eventType.user.username}/${eventType.slug}`, label: "This event type" }]),
                  { link: eventType.user.username, label: "Your profile (all event types)" },
                ]}
                copy={(text) => void copyText(text)}
              />
            </TabsContent>
          </Tabs>
        </DialogContent>
      )}
    </Dialog>
  );
}

function CopyRow({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-slate-800 text-sm">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 text-slate-700"
        />
        <Button
          variant="outline"
          onClick={() => void copyText(value)}
          aria-label={`Copy ${label.toLowerCase()} link`}
        >
          <Copy size={16} aria-hidden /> Copy
        </Button>
      </div>
    </div>
  );
}
