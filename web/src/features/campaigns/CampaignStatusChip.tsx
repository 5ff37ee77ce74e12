import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from './campaign-rules';

const statusColor: Record<CampaignStatus, ChipProps['color']> = {
  INATIVA: 'default',
  PROGRAMADA: 'info',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'error',
  FINALIZADA: 'success',
};

/** A campaign's status in the user's language (spec 3 §4: Inativa, Programada, Em Andamento, Cancelada, Finalizada). */
export function CampaignStatusChip(props: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={statusColor[props.status] ?? 'default'}
      label={t(`campaigns.status.${props.status}`, { defaultValue: props.status })}
    />
  );
}
