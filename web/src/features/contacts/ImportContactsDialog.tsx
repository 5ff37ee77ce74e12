import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/errors';
import { validationText } from '../../app/i18n';
import { useContactImport } from './contact-import';

const ACCEPTED = '.csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';
/** Row errors listed in the dialog; the count says how many there are in all. */
const SHOWN_ROW_ERRORS = 50;

/** Contact import: choose a spreadsheet, watch the upload and processing, read the counts and row errors. */
export function ImportContactsDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const { state, start, reset } = useContactImport();
  const busy = state.phase === 'uploading' || state.phase === 'processing';

  const close = () => {
    if (busy) return;
    setFile(null);
    reset();
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-contacts-title">
      <DialogTitle id="import-contacts-title">{t('contacts.import.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('contacts.import.description')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy}>
            {t('contacts.import.choose')}
          </Button>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {file?.name ?? t('contacts.import.noFile')}
          </Typography>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED}
            hidden
            aria-label={t('contacts.import.choose')}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              reset();
              event.target.value = '';
            }}
          />
        </Box>
        {state.phase === 'uploading' ? (
          <Box role="status">
            <Typography variant="body2">{t('contacts.import.uploading', { percent: state.percent })}</Typography>
            <LinearProgress
              variant="determinate"
              value={state.percent}
              aria-label={t('contacts.import.uploading', { percent: state.percent })}
            />
          </Box>
        ) : null}
        {state.phase === 'processing' ? (
          <Box role="status">
            <Typography variant="body2">{t('contacts.import.processing')}</Typography>
            <LinearProgress aria-label={t('contacts.import.processing')} />
          </Box>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert severity="error" role="alert">
            {t('contacts.import.failed')}: {errorText(state.error)}
          </Alert>
        ) : null}
        {state.phase === 'done' ? (
          <Alert severity={state.result.errors.length > 0 ? 'warning' : 'success'} role="status">
            <Typography variant="subtitle2">{t('contacts.import.done')}</Typography>
            <Typography variant="body2">{t('contacts.import.created', { count: state.result.created })}</Typography>
            <Typography variant="body2">{t('contacts.import.skipped', { count: state.result.skipped })}</Typography>
            <Typography variant="body2">{t('contacts.import.errors', { count: state.result.errors.length })}</Typography>
            {state.result.errors.length > 0 ? (
              <List dense sx={{ maxHeight: 160, overflow: 'auto' }}>
                {state.result.errors.slice(0, SHOWN_ROW_ERRORS).map((rowError) => (
                  <ListItem key={rowError.row} disableGutters>
                    <ListItemText
                      primary={t('contacts.import.rowError', {
                        row: rowError.row,
                        // Each column by its label and its problem in the chosen language ('número: Obrigatório').
                        message: rowError.fields
                          ? Object.entries(rowError.fields)
                              .map(([field, text]) => `${t(`contacts.form.${field}`, { defaultValue: field })}: ${validationText(text)}`)
                              .join('; ')
                          : rowError.message,
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('common.close')}
        </Button>
        <Button
          variant="contained"
          disabled={!file || busy || state.phase === 'done'}
          onClick={() => {
            if (file) start(file).catch(() => undefined);
          }}
        >
          {t('contacts.import.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
