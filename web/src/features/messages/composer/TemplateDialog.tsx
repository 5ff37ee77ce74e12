import { useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../app/errors';
import { useListTemplatesQuery, useSendMessageMutation, type MessageTemplate } from '../messages.api';
import { fillTemplate } from '../reply-window';

/** Picks one of the connection's approved templates, fills its variables and sends it (spec 1 §2, closed reply window). */
export function TemplateDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useListTemplatesQuery(ticketId, { skip: !open });
  const [send, { isLoading: sending }] = useSendMessageMutation();
  const [chosen, setChosen] = useState<MessageTemplate | null>(null);
  const [values, setValues] = useState<string[]>([]);

  const choose = (template: MessageTemplate) => {
    setChosen(template);
    setValues(Array.from({ length: template.variables }, () => ''));
  };
  const close = () => {
    setChosen(null);
    onClose();
  };
  const complete = chosen !== null && values.every((value) => value.trim() !== '');

  const submit = async () => {
    if (!chosen || !complete) return;
    try {
      const variables = values.map((value) => value.trim());
      await send({
        ticketId,
        body: fillTemplate(chosen.body, variables),
        template: { name: chosen.name, language: chosen.language, variables },
      }).unwrap();
      close();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="template-dialog-title">
      <DialogTitle id="template-dialog-title">{t('messages.templates.title')}</DialogTitle>
      <DialogContent>
        {isLoading ? <CircularProgress size={24} /> : null}
        {isError ? <Alert severity="error">{t('messages.templates.loadFailed')}</Alert> : null}
        {data && data.templates.length === 0 ? <Typography>{t('messages.templates.none')}</Typography> : null}
        <List dense aria-label={t('messages.templates.title')}>
          {(data?.templates ?? []).map((template) => (
            <ListItemButton
              key={`${template.name}:${template.language}`}
              selected={chosen?.name === template.name && chosen.language === template.language}
              onClick={() => choose(template)}
            >
              <ListItemText primary={`${template.name} (${template.language})`} secondary={template.body} />
            </ListItemButton>
          ))}
        </List>
        {chosen ? (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {values.map((value, index) => (
              <TextField
                key={index}
                size="small"
                label={t('messages.templates.variable', { number: index + 1 })}
                value={value}
                onChange={(event) => setValues(values.map((old, at) => (at === index ? event.target.value : old)))}
              />
            ))}
            <Alert severity="info" icon={false} aria-label={t('messages.templates.preview')}>
              {fillTemplate(chosen.body, values)}
            </Alert>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('messages.templates.cancel')}</Button>
        <Button variant="contained" disabled={!complete || sending} onClick={() => void submit()}>
          {t('messages.templates.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
