import { useState } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import {
  defaultServiceHours,
  hasServiceHoursProblems,
  ServiceHoursForm,
  type ServiceHoursEntry,
} from '../../components/service-hours/ServiceHoursForm';
import { useCompanySchedulesQuery, useUpdateCompanySchedulesMutation } from './settings.api';

/**
 * The company's own service hours (spec 2 §2 Settings, shown while scheduleType is 'company'); a company without
 * any starts from the default week. Saved with PUT /companies/:id/schedules.
 */
export function SchedulesTab(props: { companyId: number }) {
  const { data: stored, isLoading } = useCompanySchedulesQuery(props.companyId, { refetchOnMountOrArgChange: true });
  if (isLoading || !stored) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return <CompanySchedulesForm companyId={props.companyId} initial={stored.length > 0 ? stored : defaultServiceHours()} />;
}

function CompanySchedulesForm(props: { companyId: number; initial: ServiceHoursEntry[] }) {
  const { t } = useTranslation();
  const [schedules, setSchedules] = useState(props.initial);
  const [save, { isLoading: saving }] = useUpdateCompanySchedulesMutation();
  const invalid = hasServiceHoursProblems(schedules);

  const submit = async () => {
    try {
      await save({ companyId: props.companyId, schedules }).unwrap();
      toast.success(t('settings.toasts.schedulesSaved'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 1.5, sm: 2 } }}>
      <ServiceHoursForm value={schedules} onChange={setSchedules} disabled={saving} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={saving || invalid}
          startIcon={saving ? <CircularProgress size={16} /> : null}
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
