import { Tag, Trash2, X } from "lucide-react";
import { useState } from "react";
import { CONTACT_STAGES, type ContactFilter, type ContactStage } from "../../../contract/contacts";
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogFooter,
  Field,
  Select,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { STAGE_LABELS } from "./format";
import { useBulk } from "./queries";
import { TagInput } from "./TagInput";

export type BulkTarget = { ids: string[] } | { filter: ContactFilter; except: Set<string> };

/** With rows selected: delete, set stage or add tags to all of them. */
export function BulkBar({
  count,
  atLeast = false,
  target,
  onDone,
}: {
  count: number;
  /** The count is a lower bound (select-all over a search whose total the server capped). */
  atLeast?: boolean;
  target: BulkTarget;
  onDone: () => void;
}) {
  const bulk = useBulk();
  const [confirming, setConfirming] = useState(false);
  const [tagging, setTagging] = useState(false);
  const [tags, setTags] = useState<string[]>([]);
  const scope =
    "ids" in target ? { ids: target.ids } : { filter: target.filter, exceptIds: [...target.except] };
  const label = `${count.toLocaleString("en-US")}${atLeast ? "+" : ""} selected`;

  const run = (
    body: { action: "delete" } | { action: "stage"; stage: ContactStage } | { action: "tag"; tags: string[] },
    done: string,
  ) =>
    bulk.mutate(
      { ...scope, ...body },
      {
        onSuccess: (r) => {
          toast.success(
            `${done} ${r.affected.toLocaleString("en-US")} ${r.affected === 1 ? "contact" : "contacts"}`,
          );
          setConfirming(false);
          setTagging(false);
          setTags([]);
          onDone();
        },
        onError: (e) => toast.error(errorMessage(e, "The bulk action failed")),
      },
    );

  return (
    <section
      className="flex flex-wrap items-center gap-2 border-slate-200 border-b bg-blue-50/60 px-4 py-2 text-sm sm:px-5"
      aria-label="Bulk actions"
    >
      <span className="font-medium text-slate-800">{label}</span>
      <Select
        aria-label="Set stage of selected"
        value=""
        disabled={bulk.isPending}
        onChange={(e) =>
          e.target.value && run({ action: "stage", stage: e.target.value as ContactStage }, "Stage set for")
        }
        wrapperClassName="w-40"
        className="h-8"
      >
        <option value="">Set stage…</option>
        {CONTACT_STAGES.map((s) => (
          <option key={s} value={s}>
            {STAGE_LABELS[s]}
          </option>
        ))}
      </Select>
      <Button size="sm" variant="outline" onClick={() => setTagging(true)} disabled={bulk.isPending}>
        <Tag size={14} aria-hidden /> Add tags
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-red-600"
        onClick={() => setConfirming(true)}
        disabled={bulk.isPending}
      >
        <Trash2 size={14} aria-hidden /> Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone} className="ml-auto">
        <X size={14} aria-hidden /> Clear selection
      </Button>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${label.replace(" selected", "")} contacts?`}
        description="Are you sure you want to delete these contacts? Their meetings stay."
        confirmLabel="Yes, delete it!"
        busyLabel="Deleting..."
        busy={bulk.isPending}
        onConfirm={() => run({ action: "delete" }, "Deleted")}
      />
      <Dialog open={tagging} onOpenChange={(o) => (!bulk.isPending ? setTagging(o) : undefined)}>
        <DialogContent title="Add tags" description={`Added to ${label.replace(" selected", "")} contacts`}>
          <Field label="Tags" htmlFor="bulk-tags">
            <TagInput id="bulk-tags" tags={tags} onChange={setTags} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setTagging(false)} disabled={bulk.isPending}>
              Cancel
            </Button>
            <Button
              disabled={tags.length === 0}
              loading={bulk.isPending}
              onClick={() => run({ action: "tag", tags }, "Tagged")}
            >
              Add tags
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
