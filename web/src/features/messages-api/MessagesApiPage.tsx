import { useMemo, useState } from 'react';
import { Alert, Box, Button, Link, Paper, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { formikTextField, shownError } from '../../components/records/form-fields';
import { apiExamples, mediaTestSchema, SEND_PATH, sendTestMessage, textTestSchema, type ApiAnswer } from './messages-api-test';

function Code({ children, label }: { children: string; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto', fontSize: 13, whiteSpace: 'pre' }}
    >
      {children}
    </Box>
  );
}

/** The API's answer to a test: its status and body, green when it sent, red when it refused. */
function Answer({ answer }: { answer: ApiAnswer | { failure: string } }) {
  const { t } = useTranslation();
  if ('failure' in answer) return <Alert severity="error">{t('messagesApi.answer.unreachable', { message: answer.failure })}</Alert>;
  return (
    <Alert severity={answer.ok ? 'success' : 'error'} role="status" aria-label={t('messagesApi.answer.title')} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('messagesApi.answer.status', { status: answer.status })}
      </Typography>
      <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13 }}>
        {typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)}
      </Box>
    </Alert>
  );
}

interface TestValues {
  token: string;
  number: string;
  body: string;
  file: File | null;
}

/** One of the two test forms of spec 2 §5: a text (token, number, body) or a file (token, number, file). */
function TestForm({ kind }: { kind: 'text' | 'media' }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<ApiAnswer | { failure: string } | null>(null);
  const schema = useMemo(() => (kind === 'text' ? textTestSchema(t) : mediaTestSchema(t)), [kind, t]);
  const form = useFormik<TestValues>({
    initialValues: { token: '', number: '', body: '', file: null },
    validationSchema: schema,
    onSubmit: async (values) => {
      setAnswer(null);
      const target = { token: values.token, number: values.number };
      try {
        setAnswer(await sendTestMessage(kind === 'text' ? { ...target, body: values.body } : { ...target, file: values.file! }));
      } catch (error) {
        setAnswer({ failure: error instanceof Error ? error.message : String(error) });
      }
    },
  });
  const title = t(`messagesApi.${kind}.title`);
  const field = (name: 'token' | 'number' | 'body', extra: { multiline?: boolean; helper?: string } = {}) => {
    const bound = formikTextField(form, name, `messages-api-${kind}`);
    return (
      <TextField
        {...bound}
        label={t(`messagesApi.form.${name}`)}
        helperText={bound.helperText ?? extra.helper}
        multiline={extra.multiline}
        minRows={extra.multiline ? 3 : undefined}
        slotProps={name === 'number' ? { htmlInput: { inputMode: 'numeric' } } : undefined}
      />
    );
  };
  const fileError = shownError(form, 'file');

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {field('token', { helper: t('messagesApi.form.tokenHelp') })}
        {field('number', { helper: t('messagesApi.form.numberHelp') })}
        {kind === 'text' ? (
          field('body', { multiline: true })
        ) : (
          <Box>
            <Button variant="outlined" component="label">
              {t('messagesApi.form.chooseFile')}
              <input
                hidden
                type="file"
                name="file"
                aria-label={t('messagesApi.form.file')}
                onChange={(event) => {
                  void form.setFieldValue('file', event.currentTarget.files?.[0] ?? null);
                  void form.setFieldTouched('file', true, false);
                }}
              />
            </Button>
            <Typography variant="body2" component="span" sx={{ ml: 1 }}>
              {form.values.file?.name ?? t('messagesApi.form.noFile')}
            </Typography>
            {fileError ? (
              <Typography variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
                {fileError}
              </Typography>
            ) : null}
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={form.isSubmitting}>
            {t('messagesApi.form.send')}
          </Button>
        </Box>
      </Box>
      {answer ? <Answer answer={answer} /> : null}
    </Paper>
  );
}

/**
 * /messages-api (spec 2 §2, plan flag useExternalApi; the route guard refuses a plan without it with spec 2 §8's
 * message and goes to / after 1 s): how to call POST /api/messages/send with a connection's token, and a test form
 * for a text and one for a file that show the API's answer.
 */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  const examples = apiExamples(window.location.origin);

  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('messagesApi.title')}
      </Typography>
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('messagesApi.howTo.title')}
        sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Typography variant="h6" component="h2">
          {t('messagesApi.howTo.title')}
        </Typography>
        <Typography variant="body2">{t('messagesApi.howTo.token')}</Typography>
        <Typography variant="body2">
          {t('messagesApi.howTo.endpoint')} <code>POST {SEND_PATH}</code>
        </Typography>
        <Typography variant="body2">
          {t('messagesApi.howTo.headers')} <code>Authorization: Bearer &lt;TOKEN&gt;</code>
        </Typography>
        <Typography variant="body2">{t('messagesApi.howTo.fields')}</Typography>
        <Typography variant="subtitle2" component="h3">
          {t('messagesApi.howTo.jsonExample')}
        </Typography>
        <Code label={t('messagesApi.howTo.jsonExample')}>{examples.json}</Code>
        <Typography variant="subtitle2" component="h3">
          {t('messagesApi.howTo.multipartExample')}
        </Typography>
        <Code label={t('messagesApi.howTo.multipartExample')}>{examples.multipart}</Code>
        <Typography variant="body2">
          {t('messagesApi.howTo.docs')}{' '}
          <Link href="/api-docs" target="_blank" rel="noopener">
            /api-docs
          </Link>
        </Typography>
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <TestForm kind="text" />
        <TestForm kind="media" />
      </Box>
    </Box>
  );
}
