import { useEffect, useState, type ReactNode } from 'react';
import { Box, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { userUpdated } from '../auth/auth.slice';
import { generalOptions, lgpdOptions, paymentOptions, type CompanyOption } from './company-options';
import {
  useKeyValueSettingsQuery,
  useUpdateCompanySettingMutation,
  useUpdateKeyValueSettingMutation,
  type CompanySettings,
} from './settings.api';

const USER_CREATION = 'userCreation';

/**
 * The options tab (spec 2 §2 Settings, §3): every company option saves as soon as it changes, with the
 * "Operação realizada com sucesso!" toast; a text option saves when the field is left. Super users also get
 * userCreation and the payment token.
 */
export function OptionsTab(props: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const isSuper = Boolean(user?.super);
  const [updateOption] = useUpdateCompanySettingMutation();
  const [updateKeyValue] = useUpdateKeyValueSettingMutation();
  const { data: keyValues = [] } = useKeyValueSettingsQuery(undefined, { skip: !isSuper });
  // The value just chosen shows while its save is on its way.
  const [pending, setPending] = useState<Record<string, string | null>>({});

  const valueOf = (column: string) => (column in pending ? pending[column] : (props.settings[column] ?? null));

  const track = async (column: string, data: string | null, request: () => Promise<unknown>) => {
    setPending((current) => ({ ...current, [column]: data }));
    try {
      await request();
      toast.success(t('settings.toasts.saved'));
    } catch (error) {
      toastError(error);
    } finally {
      setPending(({ [column]: _done, ...rest }) => rest);
    }
  };

  const saveOption = (column: string, data: string | null) =>
    track(column, data, async () => {
      const row = await updateOption({ companyId: props.companyId, column, data }).unwrap();
      // The session keeps the company's options too (other screens read scheduleType, lgpdHideNumber...).
      if (user) dispatch(userUpdated({ settings: row, company: { ...user.company, settings: row } }));
    });

  const userCreation =
    USER_CREATION in pending ? pending[USER_CREATION] : (keyValues.find((s) => s.key === USER_CREATION)?.value ?? 'enabled');
  const saveUserCreation = (value: string) => track(USER_CREATION, value, () => updateKeyValue({ key: USER_CREATION, value }).unwrap());

  const control = (option: CompanyOption) => (
    <OptionControl
      key={option.column}
      option={option}
      value={valueOf(option.column)}
      onSave={(data) => void saveOption(option.column, data)}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, p: { xs: 1.5, sm: 2 } }}>
      {isSuper ? (
        <Section title={t('settings.sections.platform')}>
          <OptionControl
            option={{ column: USER_CREATION, kind: 'onOff' }}
            value={userCreation}
            onSave={(data) => void saveUserCreation(data ?? 'disabled')}
          />
        </Section>
      ) : null}
      <Section title={t('settings.sections.general')}>{generalOptions.map(control)}</Section>
      {valueOf('enableLGPD') === 'enabled' ? <Section title={t('settings.sections.lgpd')}>{lgpdOptions.map(control)}</Section> : null}
      {isSuper ? <Section title={t('settings.sections.payment')}>{paymentOptions.map(control)}</Section> : null}
    </Box>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={props.title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {props.title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5, alignItems: 'start' }}>{props.children}</Box>
    </Box>
  );
}

/** One option: a switch (enabled/disabled), a select of its values, or a text saved when the field is left. */
function OptionControl(props: { option: CompanyOption; value: string | null; onSave: (data: string | null) => void }) {
  const { t } = useTranslation();
  const { option, value } = props;
  const label = t(`settings.options.${option.column}`);
  if (option.kind === 'onOff') {
    return (
      <FormControlLabel
        control={
          <Switch
            checked={value === 'enabled'}
            onChange={(event) => props.onSave(event.target.checked ? 'enabled' : 'disabled')}
            slotProps={{ input: { 'aria-label': label } }}
          />
        }
        label={label}
      />
    );
  }
  if (option.kind === 'choice') {
    return (
      <TextField select size="small" fullWidth label={label} value={value ?? ''} onChange={(event) => props.onSave(event.target.value)}>
        {option.choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(`settings.choices.${option.column}.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return <OptionTextField label={label} value={value} multiline={option.multiline} onSave={props.onSave} />;
}

function OptionTextField(props: { label: string; value: string | null; multiline?: boolean; onSave: (data: string) => void }) {
  const [draft, setDraft] = useState(props.value ?? '');
  useEffect(() => setDraft(props.value ?? ''), [props.value]);
  return (
    <TextField
      size="small"
      fullWidth
      label={props.label}
      value={draft}
      multiline={props.multiline}
      minRows={props.multiline ? 2 : undefined}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (draft !== (props.value ?? '')) props.onSave(draft);
      }}
    />
  );
}
