import { useMemo, useState } from 'react';
import { Alert, Box, DialogContent, FormControlLabel, Switch, TextField } from '@mui/material';
import { RecordFormDialog } from '../../components/records/RecordFormDialog';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormDialogActions } from '../../components/records/FormDialogActions';
import { useAppSelector } from '../../app/hooks';
import { validationText } from '../../app/i18n';
import { CampaignAudienceFields } from './CampaignAudienceFields';
import { CampaignMediaField, type MediaChange } from './CampaignMediaField';
import { CampaignMessageTabs } from './CampaignMessageTabs';
import { campaignToast } from './campaign-toast';
import { campaignInput, formAccess, formValues, messagesOf, type CampaignFormValues } from './campaign-rules';
import { useCampaignQuery } from './campaigns.api';
import { useSaveCampaign } from './use-save-campaign';

/**
 * Create or edit a campaign (spec 3 §3, §4, §5). A campaign that has started is shown read-only, except that a
 * cancelled one may still have its messages changed before it is restarted.
 */
export function CampaignModal(props: { open: boolean; onClose: () => void; campaignId?: number }) {
  const { t } = useTranslation();
  const editing = props.campaignId !== undefined;
  const { data: campaign, isFetching } = useCampaignQuery(props.campaignId ?? 0, { skip: !editing || !props.open });
  const saving = useSaveCampaign(props.campaignId);
  const [media, setMedia] = useState<MediaChange>(null);
  const timeZone = useAppSelector((state) => state.auth.user?.company.timezone) || undefined;
  const record = editing ? (campaign ?? null) : null;
  const access = formAccess(record);

  const schema = useMemo(
    () =>
      yup.object({
        name: yup.string().trim().min(2, t('validation.tooShort')).max(50, t('validation.tooLong')).required(t('validation.required')),
        whatsappIds: yup.array().of(yup.number()).min(1, t('validation.required')),
      }),
    [t],
  );

  const close = () => {
    setMedia(null);
    saving.reset();
    props.onClose();
  };
  const loading = editing && isFetching && !campaign;

  return (
    <RecordFormDialog
      open={props.open}
      onClose={close}
      titleId="campaign-modal-title"
      maxWidth="md"
      loading={loading}
      title={!editing ? t('campaigns.form.addTitle') : access.fields ? t('campaigns.form.editTitle') : t('campaigns.form.viewTitle')}
    >
      <Formik<CampaignFormValues>
        initialValues={formValues(record)}
        enableReinitialize
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            const body = campaignInput(values, timeZone);
            await saving.save(access.fields ? body : messagesOf(body), media, Boolean(record?.mediaPath));
            campaignToast.success(t('campaigns.toasts.saved'));
            close();
          } catch (error) {
            const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields;
            if (fields?.name) helpers.setFieldError('name', validationText(fields.name));
            if (fields?.whatsappId) helpers.setFieldError('whatsappIds', validationText(fields.whatsappId));
            campaignToast.error(error);
          }
        }}
      >
        {(form) => {
          const fieldError = (name: keyof CampaignFormValues) =>
            form.touched[name] || form.submitCount > 0 ? (form.errors[name] as string | undefined) : undefined;
          return (
            <Form noValidate>
              <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                {record && !access.fields ? (
                  <Alert severity="info">{access.messages ? t('campaigns.form.onlyMessages') : t('campaigns.form.readOnly')}</Alert>
                ) : null}
                <TextField
                  label={t('campaigns.form.name')}
                  name="name"
                  required
                  value={form.values.name}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  error={Boolean(fieldError('name'))}
                  helperText={fieldError('name')}
                  disabled={!access.fields}
                  autoFocus={access.fields}
                  size="small"
                  fullWidth
                />
                <CampaignAudienceFields disabled={!access.fields} error={fieldError} />
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexDirection: { xs: 'column', sm: 'row' } }}>
                  <TextField
                    label={t('campaigns.form.scheduledAt')}
                    name="scheduledAt"
                    type="datetime-local"
                    value={form.values.scheduledAt}
                    onChange={form.handleChange}
                    disabled={!access.fields}
                    helperText={access.fields ? t('campaigns.form.scheduledAtHelp') : undefined}
                    size="small"
                    fullWidth
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <FormControlLabel
                    sx={{ width: '100%' }}
                    control={
                      <Switch
                        name="confirmation"
                        checked={form.values.confirmation}
                        onChange={form.handleChange}
                        disabled={!access.fields}
                      />
                    }
                    label={t('campaigns.form.confirmation')}
                  />
                </Box>
                <CampaignMediaField savedName={record?.mediaName ?? null} change={media} onChange={setMedia} disabled={!access.fields} />
                <CampaignMessageTabs disabled={!access.messages} />
              </DialogContent>
              <FormDialogActions
                submitting={form.isSubmitting}
                onCancel={close}
                cancelLabel={access.save ? undefined : t('common.close')}
                submitLabel={access.save ? (record ? t('common.save') : t('common.add')) : undefined}
              />
            </Form>
          );
        }}
      </Formik>
    </RecordFormDialog>
  );
}
