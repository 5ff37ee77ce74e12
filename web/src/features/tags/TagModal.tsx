import { useMemo } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, FormControlLabel, Switch, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { ColorPicker } from './ColorPicker';
import { TagChip } from './TagChip';
import { useCreateTagMutation, useUpdateTagMutation, type Tag } from './tags.api';

interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

const DEFAULT_COLOR = '#1e88e5';

/**
 * Create or edit a tag: name (3 to 50, 'Tag muito curta!'), colour, and whether it is a kanban lane. `kanbanLane`:
 * opened from the kanban, a new tag is a lane (spec 3 §2.14 'Adicionar lane').
 */
export function TagModal(props: { open: boolean; onClose: () => void; tag?: Tag | null; kanbanLane?: boolean }) {
  const { t } = useTranslation();
  const [createTag] = useCreateTagMutation();
  const [updateTag] = useUpdateTagMutation();
  const editing = Boolean(props.tag);
  const schema = useMemo(
    () =>
      yup.object({
        name: yup.string().trim().min(3, t('tags.form.tooShort')).max(50, t('tags.form.tooLong')).required(t('tags.form.tooShort')),
      }),
    [t],
  );
  const initial: TagFormValues = {
    name: props.tag?.name ?? '',
    color: props.tag?.color ?? DEFAULT_COLOR,
    kanban: props.tag ? props.tag.kanban === 1 : Boolean(props.kanbanLane),
  };

  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="tag-modal-title">
      <DialogTitle id="tag-modal-title">{editing ? t('tags.form.editTitle') : t('tags.form.addTitle')}</DialogTitle>
      <Formik<TagFormValues>
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = { name: values.name.trim(), color: values.color, kanban: values.kanban ? 1 : 0 };
          try {
            if (props.tag) await updateTag({ id: props.tag.id, ...body }).unwrap();
            else await createTag(body).unwrap();
            toast.success(t('tags.toasts.saved'));
            props.onClose();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => {
          const nameError = form.touched.name || form.submitCount > 0 ? form.errors.name : undefined;
          return (
            <Form noValidate>
              <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <TextField
                  label={t('tags.form.name')}
                  name="name"
                  value={form.values.name}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(nameError)}
                  helperText={nameError}
                  autoFocus
                  fullWidth
                  size="small"
                />
                <ColorPicker
                  label={t('tags.form.color')}
                  value={form.values.color}
                  onChange={(color) => void form.setFieldValue('color', color)}
                />
                <FormControlLabel
                  control={<Switch name="kanban" checked={form.values.kanban} onChange={form.handleChange} />}
                  label={t('tags.form.kanban')}
                />
                <Box>
                  <TagChip name={form.values.name.trim() || t('tags.form.preview')} color={form.values.color} size="medium" />
                </Box>
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={props.onClose}
                submitLabel={editing ? t('common.save') : t('common.add')}
              />
            </Form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
