import type { ReactNode } from 'react';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { ConfirmationModal } from '../ConfirmationModal';

/**
 * Asks before deleting the record being deleted (open while there is one); on yes runs the delete mutation and
 * toasts its success or its error.
 */
export function DeleteRecordConfirmation<Item>(props: {
  record: Item | null;
  title: string;
  children?: ReactNode;
  onClose: () => void;
  onDelete: (record: Item) => { unwrap: () => Promise<unknown> };
  deletedMessage: string;
}) {
  const { record, onDelete, deletedMessage } = props;
  return (
    <ConfirmationModal
      open={Boolean(record)}
      title={props.title}
      onClose={props.onClose}
      onConfirm={() => {
        if (!record) return;
        onDelete(record)
          .unwrap()
          .then(() => toast.success(deletedMessage))
          .catch(toastError);
      }}
    >
      {props.children}
    </ConfirmationModal>
  );
}
