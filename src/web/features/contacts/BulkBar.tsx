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
import { intlLocale, t } from "../../lib/i18n";
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
  const amount = `${count.toLocaleString(intlLocale())}${atLeast ? "+" : ""}`;
  const label = t("contacts.bulk.selected", { amount });

  const run = (
    body: { action: "delete" } | { action: "stage"; stage: ContactStage } | { action: "tag"; tags: string[] },
    done: "contacts.bulk.stageSet" | "contacts.bulk.deleted" | "contacts.bulk.tagged",
  ) =>
    bulk.mutate(
      { ...scope, ...body },
      {
        onSuccess: (r) => {
          toast.success(t(done, { count: r.affected }));
          setConfirming(false);
          setTagging(false);
          setTags([]);
          onDone();
        },
        onError: (e) => toast.error(errorMessage(e, t("contacts.bulk.failed"))),
      },
    );

  return (
    <section
      className="flex flex-wrap items-center gap-2 border-slate-200 border-b bg-blue-50/60 px-4 py-2 text-sm sm:px-5"
      aria-label={t("contacts.bulk.region")}
    >
      <span className="font-medium text-slate-800">{label}</span>
      <Select
        aria-label={t("contacts.bulk.setStageOf")}
        value=""
        disabled={bulk.isPending}
        onChange={(e) =>
          e.target.value &&
          run({ action: "stage", stage: e.target.value as ContactStage }, "contacts.bulk.stageSet")
        }
        wrapperClassName="w-40"
        className="h-8"
      >
        <option value="">{t("contacts.bulk.setStage")}</option>
        {CONTACT_STAGES.map((s) => (
          <option key={s} value={s}>
            {t(STAGE_LABELS[s])}
          </option>
        ))}
      </Select>
      <Button size="sm" variant="outline" onClick={() => setTagging(true)} disabled={bulk.isPending}>
        <Tag size={14} aria-hidden /> {t("contacts.bulk.addTags")}
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-red-600"
        onClick={() => setConfirming(true)}
        disabled={bulk.isPending}
      >
        <Trash2 size={14} aria-hidden /> {t("contacts.delete")}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone} className="ms-auto">
        <X size={14} aria-hidden /> {t("contacts.bulk.clear")}
      </Button>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("contacts.bulk.deleteTitle", { amount })}
        description={t("contacts.bulk.deleteText")}
        confirmLabel={t("contacts.deleteConfirm")}
        busyLabel={t("contacts.deleting")}
        busy={bulk.isPending}
        onConfirm={() => run({ action: "delete" }, "contacts.bulk.deleted")}
      />
      <Dialog open={tagging} onOpenChange={(o) => (!bulk.isPending ? setTagging(o) : undefined)}>
        <DialogContent
          title={t("contacts.bulk.addTags")}
          description={t("contacts.bulk.addedTo", { amount })}
        >
          <Field label={t("contacts.tags")} htmlFor="bulk-tags">
            <TagInput id="bulk-tags" tags={tags} onChange={setTags} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setTagging(false)} disabled={bulk.isPending}>
              {t("contacts.cancel")}
            </Button>
            <Button
              disabled={tags.length === 0}
              loading={bulk.isPending}
              onClick={() => run({ action: "tag", tags }, "contacts.bulk.tagged")}
            >
              {t("contacts.bulk.addTags")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
