import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';

/** A small icon button of a record's row, with a tooltip and an accessible name "label: record". */
export function RowActionButton(props: { label: string; name: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={props.label}>
      <IconButton size="small" aria-label={`${props.label}: ${props.name}`} onClick={props.onClick}>
        {props.icon}
      </IconButton>
    </Tooltip>
  );
}

/** The edit (or view) and delete buttons of a record's row. */
export function EditDeleteActions(props: {
  name: string;
  editLabel: string;
  /** Defaults to the pencil. */
  editIcon?: ReactNode;
  onEdit: () => void;
  deleteLabel: string;
  /** Without it no delete button shows (a record the caller may not delete, such as their own account). */
  onDelete?: () => void;
}) {
  return (
    <>
      <RowActionButton
        label={props.editLabel}
        name={props.name}
        icon={props.editIcon ?? <EditIcon fontSize="small" />}
        onClick={props.onEdit}
      />
      {props.onDelete && (
        <RowActionButton
          label={props.deleteLabel}
          name={props.name}
          icon={<DeleteOutlineIcon fontSize="small" color="error" />}
          onClick={props.onDelete}
        />
      )}
    </>
  );
}
