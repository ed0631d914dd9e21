import type { ContactDto } from "../../../contract/contacts";
import { ConfirmDialog, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
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
      title="Are you sure you want to delete this contact?"
      description={
        contact ? `${contact.fullName} (${contact.email}) will be removed. Their meetings stay.` : undefined
      }
      confirmLabel="Yes, delete it!"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={() =>
        contact &&
        remove.mutate(contact._id, {
          onSuccess: () => {
            toast.success("Contact deleted");
            onClose();
            onDeleted?.();
          },
          onError: (e) => toast.error(errorMessage(e, "Failed to delete contact")),
        })
      }
    />
  );
}
