import { useEffect, useMemo, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslation } from 'react-i18next';

function Preview({ file }: { file: File }) {
  const url = useMemo(() => (/^(image|video)\//.test(file.type) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (url && file.type.startsWith('image/'))
    return <Box component="img" src={url} alt={file.name} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }} />;
  if (url) return <Box component="video" src={url} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }} />;
  return (
    <Stack alignItems="center" justifyContent="center" sx={{ width: 96, height: 96, bgcolor: 'action.hover', borderRadius: 1 }}>
      <InsertDriveFileOutlined color="action" />
    </Stack>
  );
}

/** The files chosen to send, shown before sending, with a caption that goes with the first. */
export function AttachmentsDialog(props: {
  files: File[];
  sending: boolean;
  onRemove: (index: number) => void;
  onCancel: () => void;
  onSend: (caption: string) => void;
}) {
  const { t } = useTranslation();
  const [caption, setCaption] = useState('');
  const open = props.files.length > 0;
  useEffect(() => {
    if (!open) setCaption('');
  }, [open]);
  return (
    <Dialog open={open} onClose={props.sending ? undefined : props.onCancel} fullWidth maxWidth="sm" aria-labelledby="attachments-title">
      <DialogTitle id="attachments-title">{t('messages.attachments.title', { count: props.files.length })}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1.5}>
          {props.files.map((file, index) => (
            <Stack key={`${file.name}-${index}`} spacing={0.5} sx={{ width: 96, position: 'relative' }}>
              <Preview file={file} />
              <Typography variant="caption" noWrap title={file.name}>
                {file.name}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('messages.attachments.remove', { name: file.name })}
                onClick={() => props.onRemove(index)}
                disabled={props.sending}
                sx={{
                  position: 'absolute',
                  top: -8,
                  right: -8,
                  bgcolor: 'background.paper',
                  boxShadow: 1,
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
        <TextField
          fullWidth
          multiline
          maxRows={5}
          sx={{ mt: 2 }}
          label={t('messages.attachments.caption')}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} disabled={props.sending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => props.onSend(caption)}
          disabled={props.sending}
          startIcon={props.sending ? <CircularProgress size={16} /> : null}
        >
          {t('messages.input.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
