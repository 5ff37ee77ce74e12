import { useState } from 'react';
import { Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { RowActionButton } from '../../components/records/RowActions';
import { addVariable } from './campaign-rules';
import type { CampaignVariable } from './campaigns.api';

/** The server keeps a variable's key to 50 characters. */
const VARIABLE_KEY_MAX = 50;

/** The custom variables of campaign messages (spec 3 §2.7): {key} in a message is replaced by its value. */
export function CampaignVariablesTable(props: { variables: CampaignVariable[]; onChange: (variables: CampaignVariable[]) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<CampaignVariable>({ key: '', value: '' });
  const { variables, onChange } = props;
  const taken = variables.some((variable) => variable.key.trim().toLowerCase() === typed.key.trim().toLowerCase());

  const add = () => {
    const next = addVariable(variables, typed);
    if (next === variables) return;
    onChange(next);
    setTyped({ key: '', value: '' });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('campaigns.settings.variables')}
      </Typography>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
      >
        <TextField
          size="small"
          label={t('campaigns.settings.variableKey')}
          value={typed.key}
          onChange={(event) => setTyped({ ...typed, key: event.target.value })}
          slotProps={{ htmlInput: { maxLength: VARIABLE_KEY_MAX } }}
          error={Boolean(typed.key.trim()) && taken}
          helperText={typed.key.trim() && taken ? t('campaigns.settings.variableTaken') : t('campaigns.settings.variableKeyHelp')}
          fullWidth
        />
        <TextField
          size="small"
          label={t('campaigns.settings.variableValue')}
          value={typed.value}
          onChange={(event) => setTyped({ ...typed, value: event.target.value })}
          fullWidth
        />
        <Button type="submit" variant="outlined" startIcon={<AddIcon />} disabled={!typed.key.trim() || taken} sx={{ flexShrink: 0 }}>
          {t('campaigns.settings.addVariable')}
        </Button>
      </Box>
      <Table size="small" aria-label={t('campaigns.settings.variables')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('campaigns.settings.variableKey')}</TableCell>
            <TableCell>{t('campaigns.settings.variableValue')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {variables.length === 0 ? (
            <TableRow>
              <TableCell colSpan={3} sx={{ color: 'text.secondary', textAlign: 'center' }}>
                {t('campaigns.settings.noVariables')}
              </TableCell>
            </TableRow>
          ) : (
            variables.map((variable) => (
              <TableRow key={variable.key}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{`{${variable.key}}`}</TableCell>
                <TableCell>{variable.value}</TableCell>
                <TableCell align="right">
                  <RowActionButton
                    label={t('campaigns.settings.removeVariable')}
                    name={variable.key}
                    icon={<DeleteOutlineIcon fontSize="small" color="error" />}
                    onClick={() => onChange(variables.filter((each) => each.key !== variable.key))}
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Paper>
  );
}
