import { useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import * as yup from 'yup';
import { quickMessageRules } from '@switchboard/sdk/contracts';
import { useAppSelector } from '../../app/hooks';
import { reportSaveError } from '../../components/records/form-errors';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { managesAllQuickMessages } from './quick-message-permissions';
import {
  useAttachQuickMessageMediaMutation,
  useCreateQuickMessageMutation,
  useDetachQuickMessageMediaMutation,
  useQuickMessageCategoriesQuery,
  useUpdateQuickMessageMutation,
  type QuickMessage,
} from './quick-messages.api';

interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
  active: boolean;
  /** A category entry: its shortcode names the category, and it has no message of its own. */
  isCategory: boolean;
  /** The category the reply is filed under ('' for none). */
  categoryId: number | '';
}

/**
 * Create or edit a quick reply (spec 3 §2.3, §5): shortcode required ('Obrigatório'), the message, an optional file,
 * and — for admin and supervisor only — the general (company-wide) flag. A reply needs a message or a file.
 */
export function QuickMessageModal(props: { open: boolean; onClose: () => void; record?: QuickMessage | null }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const user = useAppSelector((state) => state.auth.user);
  const [createRecord] = useCreateQuickMessageMutation();
  const [updateRecord] = useUpdateQuickMessageMutation();
  const [attachMedia] = useAttachQuickMessageMediaMutation();
  const [detachMedia] = useDetachQuickMessageMediaMutation();
  const { data: categories = [] } = useQuickMessageCategoriesQuery(undefined, { skip: !props.open });
  const fileInput = useRef<HTMLInputElement>(null);
  // The file to attach on save, or 'remove' to drop the one the reply has.
  const [media, setMedia] = useState<File | 'remove' | null>(null);
  const record = props.record ?? null;
  const hasMedia = media instanceof File || (media !== 'remove' && Boolean(record?.mediaPath));
  const mediaName = media instanceof File ? media.name : media === 'remove' ? null : (record?.mediaName ?? null);

  const schema = useMemo(() => {
    // The server's lengths (shared contracts), with this language's texts.
    const rules = quickMessageRules({ tooLong: t('quickMessages.form.tooLong') });
    return yup.object({
      shortcode: rules.shortcode.required(t('quickMessages.form.required')),
      message: rules.message.when('isCategory', {
        is: true,
        otherwise: (message) =>
          message.test('message-or-media', t('quickMessages.form.required'), (value) => hasMedia || Boolean(value?.trim())),
      }),
    });
  }, [t, hasMedia]);

  const close = () => {
    setMedia(null);
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm" fullScreen={narrow} aria-labelledby="quick-message-title">
      <DialogTitle id="quick-message-title">{record ? t('quickMessages.form.editTitle') : t('quickMessages.form.addTitle')}</DialogTitle>
      <Formik<QuickMessageFormValues>
        initialValues={{
          shortcode: record?.shortcode ?? '',
          message: record?.message ?? '',
          geral: record?.geral ?? false,
          active: (record?.status ?? 'active') === 'active',
          isCategory: record?.isCategory ?? false,
          categoryId: record?.categoryId ?? '',
        }}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          const body = {
            shortcode: values.shortcode.trim(),
            message: values.message.trim() ? values.message : null,
            status: values.active ? ('active' as const) : ('inactive' as const),
            isCategory: values.isCategory,
            categoryId: values.isCategory || values.categoryId === '' ? null : values.categoryId,
            ...(managesAllQuickMessages(user) ? { geral: values.geral } : {}),
          };
          try {
            const saved = record ? await updateRecord({ id: record.id, ...body }).unwrap() : await createRecord(body).unwrap();
            if (media instanceof File) await attachMedia({ id: saved.id, file: media }).unwrap();
            else if (media === 'remove' && record?.mediaPath) await detachMedia(saved.id).unwrap();
            toast.success(t('quickMessages.toasts.saved'));
            close();
          } catch (error) {
            reportSaveError(error, helpers, values);
          }
        }}
      >
        {(form) => {
          const fieldError = (name: 'shortcode' | 'message') =>
            form.touched[name] || form.submitCount > 0 ? form.errors[name] : undefined;
          return (
            <Form noValidate>
              <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <TextField
                  label={t('quickMessages.form.shortcode')}
                  name="shortcode"
                  value={form.values.shortcode}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError('shortcode'))}
                  helperText={fieldError('shortcode') ?? t('quickMessages.form.shortcodeHelp')}
                  autoFocus
                  fullWidth
                  size="small"
                />
                <TextField
                  label={t('quickMessages.form.message')}
                  name="message"
                  value={form.values.message}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError('message'))}
                  helperText={fieldError('message')}
                  multiline
                  minRows={5}
                  maxRows={14}
                  fullWidth
                />
                {form.values.isCategory ? null : (
                  <TextField
                    select
                    label={t('quickMessages.form.category')}
                    name="categoryId"
                    value={form.values.categoryId}
                    onChange={form.handleChange}
                    fullWidth
                    size="small"
                  >
                    <MenuItem value="">{t('quickMessages.form.noCategory')}</MenuItem>
                    {categories
                      .filter((category) => category.id !== record?.id)
                      .map((category) => (
                        <MenuItem key={category.id} value={category.id}>
                          {category.shortcode}
                        </MenuItem>
                      ))}
                  </TextField>
                )}
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => fileInput.current?.click()}>
                    {hasMedia ? t('quickMessages.form.replaceMedia') : t('quickMessages.form.attachMedia')}
                  </Button>
                  {mediaName ? (
                    <Chip label={mediaName} onDelete={() => setMedia(media instanceof File && !record?.mediaPath ? null : 'remove')} />
                  ) : null}
                  <input
                    ref={fileInput}
                    type="file"
                    hidden
                    aria-label={t('quickMessages.form.attachMedia')}
                    onChange={(event) => {
                      const chosen = event.target.files?.[0];
                      if (chosen) setMedia(chosen);
                      event.target.value = '';
                    }}
                  />
                </Box>
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  <FormControlLabel
                    control={<Switch name="active" checked={form.values.active} onChange={form.handleChange} />}
                    label={t('quickMessages.form.active')}
                  />
                  <FormControlLabel
                    control={<Switch name="isCategory" checked={form.values.isCategory} onChange={form.handleChange} />}
                    label={t('quickMessages.form.isCategory')}
                  />
                  {managesAllQuickMessages(user) ? (
                    <FormControlLabel
                      control={<Switch name="geral" checked={form.values.geral} onChange={form.handleChange} />}
                      label={t('quickMessages.form.geral')}
                    />
                  ) : null}
                </Box>
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={close}
                submitLabel={record ? t('common.save') : t('common.add')}
              />
            </Form>
          );
        }}
      </Formik>
    </Dialog>
  );
}
