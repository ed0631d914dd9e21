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
    const lower = (list: string[]) => new Set(list.map((t) => t.toLowerCase()));
    const before = lower(contact.tags);
    const after = lower(tags);
    save.mutate(
      {
        id: contact._id,
        add: tags.filter((t) => !before.has(t.toLowerCase())),
        remove: contact.tags.filter((t) => !after.has(t.toLowerCase())),
      },
      {
        onSuccess: () => {
          toast.success("Tags saved");
          onClose();
        },
        onError: (e) => toast.error(errorMessage(e, "Failed to save tags")),
      },
    );
  };

  return (
    <Dialog
      open={contact !== null}
      onOpenChange={(open) => (!open && !save.isPending ? onClose() : undefined)}
    >
      <DialogContent title="Tags" description={contact ? `Tags of ${contact.fullName}` : undefined}>
        <Field label="Add a tag" htmlFor="row-tags">
          <TagInput id="row-tags" tags={tags} onChange={setTags} />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {save.isPending ? "Saving..." : "Save tags"}
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
  const active = (types.data ?? []).filter((t) => t.isActive);
  return (
    <Dialog open={open !== null} onOpenChange={(next) => (!next ? onClose() : undefined)}>
      <DialogContent
        title="Schedule Meeting"
        description={
          contact
            ? `Choose an event type; its booking page opens with ${contact.fullName}'s details filled in.`
            : undefined
        }
      >
        {types.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : types.isError ? (
          <ErrorState variant="inline" title="Failed to load event types." query={types} />
        ) : active.length === 0 ? (
          <p className="text-slate-600 text-sm">
            You have no active event types.{" "}
            <a href="/event-types" className="text-blue-700 underline">
              Create one
            </a>{" "}
            to schedule a meeting.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {active.map((t) => (
              <li key={t._id}>
                <a
                  href={contact ? scheduleUrl(t, contact) : "#"}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={onClose}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm hover:border-accent hover:bg-slate-50"
                >
                  <span
                    aria-hidden
                    className="size-3 shrink-0 rounded-full"
                    style={{ background: t.color }}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{t.title}</span>
                    <span className="text-slate-500 text-xs">{formatDuration(t.duration)}</span>
                  </span>
                  <ExternalLink size={14} aria-hidden className="text-slate-500" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
