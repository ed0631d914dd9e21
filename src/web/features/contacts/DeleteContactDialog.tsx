import type { ContactDto } from "../../../contract/contacts";
import { ConfirmDialog, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { useDeleteContact } from "./queries";

/** Spec sections 5 and 8: 'Are you sure you want to delete this contact?', 'Yes, delete it!' / 'Cancel'. */
export function DeleteContactDialog({
  contact,
  onClose,
  onDeleted,
}: {
  contact: ContactDto | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteContact();
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={t("contacts.deleteOne.title")}
      description={
        contact ? t("contacts.deleteOne.text", { name: contact.fullName, email: contact.email }) : undefined
      }
      confirmLabel={t("contacts.deleteConfirm")}
      busyLabel={t("contacts.deleting")}
      busy={remove.isPending}
      onConfirm={() =>
        contact &&
        remove.mutate(contact._id, {
          onSuccess: () => {
            toast.success(t("contacts.deleteOne.done"));
            onClose();
            onDeleted?.();
          },
          onError: (e) => toast.error(errorMessage(e, t("contacts.deleteOne.failed"))),
        })
      }
    />
  );
}
