import type { ReactNode } from "react";
import { Button } from "./Button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "./Dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Default "Confirm". */
  confirmLabel?: string;
  /** Shown with a spinner while busy, e.g. "Deleting...". */
  busyLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  /** "danger" (default) for destructive actions, "primary" otherwise. */
  tone?: "danger" | "primary";
  cancelLabel?: string;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Confirm",
  busyLabel,
  busy = false,
  onConfirm,
  tone = "danger",
  cancelLabel = "Cancel",
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent
        title={title}
        description={description}
        widthClassName="max-w-md"
        hideClose
        role="alertdialog"
      >
        <DialogFooter className="mt-2">
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={tone} loading={busy} onClick={onConfirm}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
