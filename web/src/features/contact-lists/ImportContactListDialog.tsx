import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorText, toastError } from '../../app/errors';
import { validationText } from '../../app/i18n';
import { realtime } from '../../app/realtime';
import { useDownloadContactListExampleMutation, useImportContactListMutation, type ContactListImportSummary } from './contact-lists.api';

/** What the file picker of the import button accepts (spec 3 §2.2: only .xls and .xlsx). */
export const IMPORT_ACCEPT = '.xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Phase =
  | { step: 'confirm' }
  | { step: 'importing'; processed?: number; total?: number }
  | { step: 'done'; summary: ContactListImportSummary }
  | { step: 'failed'; error: unknown };

/**
 * The import of a chosen spreadsheet into a list: a confirmation with the example spreadsheet's link, a progress bar
 * fed by the server's progress events while it imports, then the summary (imported, skipped and why).
 */
export function ImportContactListDialog(props: { file: File | null; contactList: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ step: 'confirm' });
  const [importList] = useImportContactListMutation();
  const [downloadExample] = useDownloadContactListExampleMutation();
  const { file, contactList } = props;
  const busy = phase.step === 'importing';

  useEffect(() => setPhase({ step: 'confirm' }), [file]);
  useEffect(() => {
    if (!busy) return;
    return realtime.on('contactListItem', (event) => {
      if (event.action !== 'progress' || event.contactListId !== contactList.id) return;
      setPhase((current) =>
        current.step === 'importing' ? { step: 'importing', processed: event.processed, total: event.total } : current,
      );
    });
  }, [busy, contactList.id]);

  const start = async () => {
    if (!file) return;
    setPhase({ step: 'importing' });
    try {
      setPhase({ step: 'done', summary: await importList({ contactListId: contactList.id, file }).unwrap() });
    } catch (error) {
      setPhase({ step: 'failed', error });
    }
  };
  const close = () => {
    if (!busy) props.onClose();
  };
  const percent = phase.step === 'importing' && phase.total ? Math.round(((phase.processed ?? 0) / phase.total) * 100) : undefined;

  return (
    <Dialog open={Boolean(file)} onClose={close} fullWidth maxWidth="sm" aria-labelledby="contact-list-import-title">
      <DialogTitle id="contact-list-import-title">
        {phase.step === 'done' ? t('contactLists.import.doneTitle') : t('contactLists.import.title')}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {phase.step === 'confirm' ? (
          <>
            <Typography>{t('contactLists.import.confirm', { file: file?.name ?? '', list: contactList.name })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('contactLists.import.columns')}{' '}
              <Link component="button" type="button" onClick={() => downloadExample().unwrap().catch(toastError)}>
                {t('contactLists.import.example')}
              </Link>
            </Typography>
          </>
        ) : null}
        {phase.step === 'importing' ? (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {phase.total
                ? t('contactLists.import.progress', { processed: phase.processed ?? 0, total: phase.total })
                : t('contactLists.import.uploading')}
            </Typography>
            <LinearProgress
              variant={percent === undefined ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label={t('contactLists.import.title')}
            />
          </Box>
        ) : null}
        {phase.step === 'failed' ? (
          <Alert severity="error" role="alert">
            {t('contactLists.import.failed')}: {errorText(phase.error)}
          </Alert>
        ) : null}
        {phase.step === 'done' ? <ImportSummary summary={phase.summary} /> : null}
      </DialogContent>
      <DialogActions>
        {phase.step === 'confirm' ? (
          <>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button variant="contained" onClick={() => void start()}>
              {t('contactLists.import.start')}
            </Button>
          </>
        ) : (
          <Button onClick={close} disabled={busy}>
            {t('common.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ImportSummary({ summary }: { summary: ContactListImportSummary }) {
  const { t } = useTranslation();
  const reasonText = (reason: ContactListImportSummary['reasons'][number]) =>
    reason.code === 'ERR_VALIDATION'
      ? t('contactLists.import.reasons.field', {
          field: t(`contactLists.items.form.${reason.field}`, { defaultValue: reason.field ?? '' }),
          message: validationText(reason.reason),
        })
      : t(`contactLists.import.reasons.${reason.code}`);
  return (
    <Alert severity={summary.skipped > 0 ? 'warning' : 'success'} role="status">
      <Typography variant="body2">{t('contactLists.import.imported', { count: summary.imported })}</Typography>
      <Typography variant="body2">{t('contactLists.import.skipped', { count: summary.skipped })}</Typography>
      {summary.reasons.length > 0 ? (
        <List dense sx={{ maxHeight: 200, overflow: 'auto' }} aria-label={t('contactLists.import.reasonsTitle')}>
          {summary.reasons.map((reason) => (
            <ListItem key={`${reason.row}-${reason.code}`} disableGutters>
              <ListItemText primary={t('contactLists.import.row', { row: reason.row, reason: reasonText(reason) })} />
            </ListItem>
          ))}
          {summary.skipped > summary.reasons.length ? (
            <ListItem disableGutters>
              <ListItemText secondary={t('contactLists.import.moreReasons', { count: summary.skipped - summary.reasons.length })} />
            </ListItem>
          ) : null}
        </List>
      ) : null}
    </Alert>
  );
}
