import { Copy, ExternalLink } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import {
  Button,
  Dialog,
  DialogContent,
  Input,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "../../components/ui";
import { copyText } from "../../lib/clipboard";
import { t } from "../../lib/i18n";
import { bookingUrl, openBookingPage, profileUrl } from "./links";

// Its form (react-hook-form and zod, ~40 kB) loads when the Embed tab opens, not with the dashboard (issue 30).
const EmbedCodePanel = lazy(() =>
  import("../embeds/EmbedCodePanel").then((m) => ({ default: m.EmbedCodePanel })),
);

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
          title={t("eventTypes.share.title", { title: eventType.title })}
          description={t("eventTypes.share.description")}
          widthClassName={tab === "embed" ? "max-w-4xl" : "max-w-lg"}
        >
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="link">{t("eventTypes.share.link")}</TabsTrigger>
              <TabsTrigger value="embed">{t("eventTypes.share.embed")}</TabsTrigger>
            </TabsList>
            <TabsContent value="link" className="pt-4">
              <div className="flex flex-col gap-5">
                <CopyRow
                  id="share-booking-link"
                  label={t("eventTypes.share.bookingPage")}
                  value={bookingUrl(eventType)}
                />
                <CopyRow
                  id="share-profile-link"
                  label={t("eventTypes.share.profile")}
                  value={profileUrl(eventType.user.username)}
                />
                {!eventType.isActive && (
                  <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-800 text-sm">
                    {t("eventTypes.share.inactive")}
                  </p>
                )}
                <div className="flex justify-end">
                  <Button variant="ghost" size="sm" onClick={() => openBookingPage(eventType)}>
                    <ExternalLink size={14} aria-hidden /> {t("eventTypes.share.preview")}
                  </Button>
                </div>
              </div>
            </TabsContent>
            <TabsContent value="embed" className="pt-4">
              <Suspense fallback={<Spinner />}>
                <EmbedCodePanel
                  pages={[
                    // A poll is voted on at /poll/:slug, not booked: its embed is the profile.
                    ...(eventType.type === "poll"
                      ? []
                      : [
                          {
                            link: `${eventType.user.username}/${eventType.slug}`,
                            label: t("eventTypes.share.thisType"),
                          },
                        ]),
                    { link: eventType.user.username, label: t("eventTypes.share.yourProfile") },
                  ]}
                  copy={(text) => void copyText(text)}
                />
              </Suspense>
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
          aria-label={t("eventTypes.share.copyLabel", { label })}
        >
          <Copy size={16} aria-hidden /> {t("eventTypes.share.copy")}
        </Button>
      </div>
    </div>
  );
}
