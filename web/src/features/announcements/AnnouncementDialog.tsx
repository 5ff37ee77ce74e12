import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Chip, DialogContent, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { skipToken } from '@reduxjs/toolkit/query';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { toastError } from '../../app/errors';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { useMediaBlob } from '../messages/media/use-media-blob';
import {
  acceptedImageName,
  ANNOUNCEMENT_IMAGE_ACCEPT,
  ANNOUNCEMENT_PRIORITIES,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  priorityColor,
  priorityLabelKey,
  type AnnouncementPriority,
} from './announcement-priority';
import {
  announcementImageAddress,
  useAnnouncementQuery,
  useAttachAnnouncementImageMutation,
  useCreateAnnouncementMutation,
  useDetachAnnouncementImageMutation,
  useUpdateAnnouncementMutation,
  type Announcement,
} from './announcements.api';

interface AnnouncementValues {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

function initialValues(record: Announcement | undefined): AnnouncementValues {
  return {
    title: record?.title ?? '',
    text: record?.text ?? '',
    priority: record?.priority ?? DEFAULT_ANNOUNCEMENT_PRIORITY,
    status: record?.status ?? true,
  };
}

/**
 * Create or edit an announcement (spec 3 §2.8, §5): title and text required, the priority (Baixa by default), the
 * active switch and an optional .png/.jpg/.jpeg image, uploaded once the announcement is saved.
 */
export function AnnouncementDialog(props: { open: boolean; announcementId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = props.announcementId !== null;
  const current = useAnnouncementQuery(props.open && editing ? props.announcementId! : skipToken, { refetchOnMountOrArgChange: true });
  const record = editing ? current.data : undefined;
  const [createRecord] = useCreateAnnouncementMutation();
  const [updateRecord] = useUpdateAnnouncementMutation();
  const [attachImage] = useAttachAnnouncementImageMutation();
  const [detachImage] = useDetachAnnouncementImageMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  // The image to upload on save, or 'remove' to drop the one the announcement has.
  const [image, setImage] = useState<File | 'remove' | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const imageName = image instanceof File ? image.name : image === 'remove' ? null : (record?.mediaName ?? null);
  const stored = useMediaBlob(record && image === null ? announcementImageAddress(record) : null);
  const chosen = useObjectUrl(image instanceof File ? image : null);
  const preview = image instanceof File ? chosen : image === null ? stored.url : null;

  const schema = useMemo(
    () =>
      yup.object({
        title: yup.string().trim().required(t('announcements.form.required')).max(200, t('announcements.form.tooLong')),
        text: yup.string().trim().required(t('announcements.form.required')).max(5000, t('announcements.form.tooLong')),
      }),
    [t],
  );

  const close = () => {
    setImage(null);
    setImageError(null);
    props.onClose();
  };

  return (
    <RecordFormDialog
      open={props.open}
      onClose={close}
      titleId="announcement-title"
      loading={editing && !record}
      title={editing ? t('announcements.form.editTitle') : t('announcements.form.addTitle')}
    >
      <Formik<AnnouncementValues>
        initialValues={initialValues(record)}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = { title: values.title.trim(), text: values.text.trim(), priority: values.priority, status: values.status };
          let saved: Announcement;
          try {
            saved = record ? await updateRecord({ id: record.id, ...body }).unwrap() : await createRecord(body).unwrap();
          } catch (error) {
            reportSaveError(error, helpers, values);
            return;
          }
          // The announcement is saved: a refused image is told and the dialog closes, so saving again never makes it twice.
          try {
            if (image instanceof File) await attachImage({ id: saved.id, file: image }).unwrap();
            else if (image === 'remove' && record?.mediaPath) await detachImage(saved.id).unwrap();
            toast.success(t('announcements.toasts.saved'));
          } catch (error) {
            toastError(error);
          }
          close();
        }}
      >
        {(form) => {
          const fieldError = (name: 'title' | 'text') => (form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined);
          return (
            <Form noValidate>
              <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <TextField
                  label={t('announcements.form.title')}
                  name="title"
                  value={form.values.title}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError('title'))}
                  helperText={fieldError('title')}
                  autoFocus
                  fullWidth
                  size="small"
                />
                <TextField
                  label={t('announcements.form.text')}
                  name="text"
                  value={form.values.text}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError('text'))}
                  helperText={fieldError('text')}
                  multiline
                  minRows={5}
                  maxRows={14}
                  fullWidth
                />
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                  <TextField
                    select
                    label={t('announcements.form.priority')}
                    name="priority"
                    value={form.values.priority}
                    onChange={(event) => void form.setFieldValue('priority', Number(event.target.value))}
                    size="small"
                    sx={{ minWidth: 180 }}
                  >
                    {ANNOUNCEMENT_PRIORITIES.map((priority) => (
                      <MenuItem key={priority} value={priority}>
                        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                          <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: priorityColor(priority) }} />
                          {t(priorityLabelKey(priority))}
                        </Box>
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormControlLabel
                    control={<Switch name="status" checked={form.values.status} onChange={form.handleChange} />}
                    label={t('announcements.form.active')}
                  />
                </Box>
                <Box>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Button variant="outlined" startIcon={<ImageIcon />} onClick={() => fileInput.current?.click()}>
                      {imageName ? t('announcements.form.replaceImage') : t('announcements.form.chooseImage')}
                    </Button>
                    {imageName ? (
                      <Chip label={imageName} onDelete={() => setImage(image instanceof File && !record?.mediaPath ? null : 'remove')} />
                    ) : null}
                  </Box>
                  <Typography variant="caption" color={imageError ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
                    {imageError ?? t('announcements.form.imageHelp')}
                  </Typography>
                  {preview && imageName ? (
                    <Box
                      component="img"
                      src={preview}
                      alt={imageName}
                      sx={{ display: 'block', mt: 1, maxWidth: 250, maxHeight: 200, borderRadius: 1, objectFit: 'contain' }}
                    />
                  ) : null}
                  <input
                    ref={fileInput}
                    type="file"
                    hidden
                    accept={ANNOUNCEMENT_IMAGE_ACCEPT}
                    aria-label={t('announcements.form.chooseImage')}
                    onChange={(event) => {
                      const chosen = event.target.files?.[0];
                      event.target.value = '';
                      if (!chosen) return;
                      if (!acceptedImageName(chosen.name)) {
                        setImageError(t('announcements.form.imageType'));
                        return;
                      }
                      setImageError(null);
                      setImage(chosen);
                    }}
                  />
                </Box>
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={close}
                submitLabel={editing ? t('common.save') : t('common.add')}
              />
            </Form>
          );
        }}
      </Formik>
    </RecordFormDialog>
  );
}

/** An object URL for a file chosen in the browser while it is chosen (spec 1 §9: image previews 250 by 200). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
