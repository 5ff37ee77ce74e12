import { useState } from 'react';
import { Box, Button, CircularProgress, IconButton, List, ListItem, ListItemText, TextField, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { format } from 'date-fns';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { toastError } from '../../app/errors';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { useAddTicketNoteMutation, useDeleteTicketNoteMutation, useTicketNotesQuery, type TicketNote } from './ticket-notes.api';

/** Spec 1 §2 contact drawer: the notes of a ticket; §5 a note is required, at least 2 characters. */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation();
  const me = useAppSelector((state) => state.auth.user);
  const { data: notes = [], isLoading } = useTicketNotesQuery({ ticketId, contactId });
  const [addNote] = useAddTicketNoteMutation();
  const [deleteNote] = useDeleteTicketNoteMutation();
  const [toDelete, setToDelete] = useState<TicketNote | null>(null);

  const form = useFormik({
    initialValues: { note: '' },
    validationSchema: yup.object({
      note: yup.string().trim().required(t('ticketNotes.required')).min(2, t('ticketNotes.tooShort')),
    }),
    onSubmit: async (values, helpers) => {
      try {
        await addNote({ ticketId, contactId, note: values.note.trim() }).unwrap();
        toast.success(t('ticketNotes.added'));
        helpers.resetForm();
      } catch (error) {
        toastError(error);
      }
    },
  });

  const remove = async (note: TicketNote) => {
    try {
      await deleteNote({ id: note.id, ticketId }).unwrap();
      toast.success(t('ticketNotes.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  const mayDelete = (note: TicketNote) => me?.profile === 'admin' || me?.super || note.userId === me?.id;

  return (
    <Box component="section" aria-labelledby="ticket-notes-title">
      <Typography id="ticket-notes-title" variant="subtitle2" gutterBottom>
        {t('ticketNotes.title')}
      </Typography>
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <TextField
          name="note"
          label={t('ticketNotes.label')}
          size="small"
          multiline
          minRows={2}
          maxRows={4}
          value={form.values.note}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={form.touched.note && Boolean(form.errors.note)}
          helperText={form.touched.note && form.errors.note}
        />
        <Button type="submit" variant="contained" size="small" disabled={form.isSubmitting} sx={{ alignSelf: 'flex-end' }}>
          {form.isSubmitting ? <CircularProgress size={18} /> : t('ticketNotes.add')}
        </Button>
      </Box>
      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('ticketNotes.empty')}
        </Typography>
      ) : (
        <List dense aria-label={t('ticketNotes.title')} sx={{ maxHeight: 200, overflowY: 'auto' }}>
          {notes.map((note) => (
            <ListItem
              key={note.id}
              disableGutters
              divider
              secondaryAction={
                mayDelete(note) ? (
                  <Tooltip title={t('ticketNotes.delete')}>
                    <IconButton edge="end" size="small" aria-label={t('ticketNotes.delete')} onClick={() => setToDelete(note)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null
              }
            >
              <ListItemText
                primary={note.note}
                slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }}
                secondary={t('ticketNotes.by', {
                  name: note.user?.name ?? '—',
                  date: format(new Date(note.createdAt), 'dd/MM/yyyy HH:mm'),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmationModal
        open={toDelete !== null}
        title={t('ticketNotes.confirmDeleteTitle')}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && void remove(toDelete)}
      >
        {t('ticketNotes.confirmDeleteText')}
      </ConfirmationModal>
    </Box>
  );
}
