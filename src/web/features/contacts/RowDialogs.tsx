import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ContactDto } from "../../../contract/contacts";
import type { EventTypeDto } from "../../../contract/event-types";
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  ErrorState,
  Field,
  Spinner,
  toast,
} from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { formatDuration } from "../event-types/links";
import { scheduleUrl } from "./format";
import { useTags } from "./queries";
import { TagInput } from "./TagInput";

/** Add Tags from the row menu: a small editor of the contact's tags, saved through the tags routes. */
export function TagsDialog({ contact, onClose }: { contact: ContactDto | null; onClose: () => void }) {
  const [tags, setTags] = useState<string[]>([]);
  const save = useTags();
  useEffect(() => {
    if (contact) setTags(contact.tags);
  }, [contact]);

  const submit = () => {
    if (!contact) return;
    const lower = (list: string[]) => new Set(list.map((tag) => tag.toLowerCase()));
    const before = lower(contact.tags);
    const after = lower(tags);
    save.mutate(
      {
        id: contact._id,
        add: tags.filter((tag) => !before.has(tag.toLowerCase())),
        remove: contact.tags.filter((tag) => !after.has(tag.toLowerCase())),
      },
      {
        onSuccess: () => {
          toast.success(t("contacts.tagsDialog.saved"));
          onClose();
        },
        onError: (e) => toast.error(errorMessage(e, t("contacts.tagsDialog.failed"))),
      },
    );
  };

  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(open) => (!open && !save.isPending ? onClose() : undefined)}
    >
      <DialogContent
        title={t("contacts.tags")}
        description={contact ? t("contacts.tagsDialog.of", { name: contact.fullName }) : undefined}
      >
        <Field label={t("contacts.tagsDialog.add")} htmlFor="row-tags">
          <TagInput id="row-tags" tags={tags} onChange={setTags} />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {t("contacts.cancel")}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t(save.isPending ? "contacts.form.saving" : "contacts.tagsDialog.save")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Schedule Meeting: pick one of the host's active event types; its booking page opens prefilled. */
export function ScheduleDialog({
  contact: open,
  onClose,
}: {
  contact: ContactDto | null;
  onClose: () => void;
}) {
  // The links keep the contact while the dialog closes (the click that closes it also follows the link).
  const last = useRef<ContactDto | null>(null);
  if (open) last.current = open;
  const contact = open ?? last.current;
  const types = useQuery({
    queryKey: ["event-types"],
    queryFn: () => api.get<EventTypeDto[]>("/event-types"),
    enabled: open !== null,
  });
  const active = (types.data ?? []).filter((et) => et.isActive);
  return (
    <Dialog open={open !== null} onOpenChange={(next) => (!next ? onClose() : undefined)}>
      <DialogContent
        title={t("contacts.schedule")}
        description={
          contact ? t("contacts.scheduleDialog.description", { name: contact.fullName }) : undefined
        }
      >
        {types.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : types.isError ? (
          <ErrorState variant="inline" title={t("contacts.scheduleDialog.loadFailed")} query={types} />
        ) : active.length === 0 ? (
          <p className="text-slate-600 text-sm">
            {t("contacts.scheduleDialog.noneBefore")}{" "}
            <a href="/event-types" className="text-blue-700 underline">
              {t("contacts.scheduleDialog.createOne")}
            </a>{" "}
            {t("contacts.scheduleDialog.noneAfter")}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {active.map((et) => (
              <li key={et._id}>
                <a
                  href={contact ? scheduleUrl(et, contact) : "#"}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={onClose}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm hover:border-accent hover:bg-slate-50"
                >
                  <span
                    aria-hidden
                    className="size-3 shrink-0 rounded-full"
                    style={{ background: et.color }}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{et.title}</span>
                    <span className="text-slate-500 text-xs">{formatDuration(et.duration)}</span>
                  </span>
                  <ExternalLink size={14} aria-hidden className="text-slate-500" />
                  <span className="sr-only">{t("contacts.newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t("contacts.close")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
