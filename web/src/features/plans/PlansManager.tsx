import { useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { formatPlanAmount } from './plan-amount';
import { PlanDialog } from './PlanDialog';
import { PLAN_FLAGS, useDeletePlanMutation, usePlansPageInfiniteQuery, type PlanRecord } from './plans.api';

/**
 * The settings' plans tab (spec 2 §2, super only): the plans searched by name and paged, with their limits, amount,
 * recurrence, whether sign-up offers them and the features they turn on; added, edited and deleted (the server
 * refuses to delete a plan a company uses).
 */
export function PlansManager(props: { titleComponent?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ plan: PlanRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<PlanRecord | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(usePlansPageInfiniteQuery(args), (page) => page.plans);
  const [deletePlan] = useDeletePlanMutation();

  const features = (plan: PlanRecord) => {
    const on = PLAN_FLAGS.filter((flag) => plan[flag]);
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {on.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('plans.noFeatures')}
          </Typography>
        ) : (
          on.map((flag) => <Chip key={flag} size="small" variant="outlined" label={t(`plans.flags.${flag}`)} />)
        )}
      </Box>
    );
  };
  const limits = (plan: PlanRecord) => t('plans.limits', { users: plan.users, connections: plan.connections, queues: plan.queues });
  const actions = (plan: PlanRecord) => (
    <EditDeleteActions
      name={plan.name}
      editLabel={t('plans.actions.edit')}
      onEdit={() => setEditing({ plan })}
      deleteLabel={t('plans.actions.delete')}
      onDelete={() => setDeleting(plan)}
    />
  );

  return (
    <RecordsPage
      title={t('plans.title')}
      titleComponent={props.titleComponent}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('plans.search') }}
      actions={<AddRecordButton label={t('plans.add')} onClick={() => setEditing({ plan: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('plans.empty.title'), message: t('plans.empty.message') }}
        label={t('plans.title')}
        columns={[
          { label: t('plans.columns.name') },
          { label: t('plans.columns.users'), align: 'center' },
          { label: t('plans.columns.connections'), align: 'center' },
          { label: t('plans.columns.queues'), align: 'center' },
          { label: t('plans.columns.amount'), align: 'right' },
          { label: t('plans.columns.recurrence') },
          { label: t('plans.columns.isPublic'), align: 'center' },
          { label: t('plans.columns.features') },
        ]}
        actionsLabel={t('plans.columns.actions')}
        renderCard={(plan) => (
          <RecordCard>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                {plan.name}
              </Typography>
              {actions(plan)}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {`${formatPlanAmount(plan.amount)} · ${t(`plans.recurrences.${plan.recurrence}`)} · ${limits(plan)}`}
            </Typography>
            <Box sx={{ mt: 0.5 }}>{features(plan)}</Box>
          </RecordCard>
        )}
        renderCells={(plan) => (
          <>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
                {plan.name}
              </Typography>
            </TableCell>
            <TableCell align="center">{plan.users}</TableCell>
            <TableCell align="center">{plan.connections}</TableCell>
            <TableCell align="center">{plan.queues}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatPlanAmount(plan.amount)}
            </TableCell>
            <TableCell>{t(`plans.recurrences.${plan.recurrence}`)}</TableCell>
            <TableCell align="center">{plan.isPublic ? t('common.yes') : t('common.no')}</TableCell>
            <TableCell sx={{ minWidth: 260 }}>{features(plan)}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <PlanDialog open={Boolean(editing)} plan={editing?.plan ?? null} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('plans.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(plan) => deletePlan(plan.id)}
        deletedMessage={t('plans.toasts.deleted')}
      >
        {t('plans.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
