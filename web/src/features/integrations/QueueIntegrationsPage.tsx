import { useMemo, useState } from 'react';
import { Box, TableCell, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { useInstalledPluginsQuery } from '../plans/plans.api';
import { IntegrationIcon } from './IntegrationIcon';
import { queueIntegrationTypes } from './integration-form';
import { useDeleteQueueIntegrationMutation, useQueueIntegrationsPageInfiniteQuery, type QueueIntegration } from './integrations.api';
import { QueueIntegrationDialog } from './QueueIntegrationDialog';

/** /queue-integration (spec 3 §2.12): the company's integrations with their type's logo, id and name; add, edit, delete. */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ integration: QueueIntegration | null } | null>(null);
  const [deleting, setDeleting] = useState<QueueIntegration | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(useQueueIntegrationsPageInfiniteQuery(args), (page) => page.queueIntegrations);
  const [deleteIntegration] = useDeleteQueueIntegrationMutation();
  const { data: installed } = useInstalledPluginsQuery();
  const plugins = useMemo(() => queueIntegrationTypes(installed?.integrations ?? []), [installed]);

  const pluginOf = (integration: QueueIntegration) => plugins.find((plugin) => plugin.type === integration.type);
  const typeName = (integration: QueueIntegration) => {
    const plugin = pluginOf(integration);
    return plugin ? t(plugin.description.name) : integration.type;
  };
  const logo = (integration: QueueIntegration) => (
    <IntegrationIcon type={integration.type} plugin={pluginOf(integration)} title={typeName(integration)} />
  );
  const actions = (integration: QueueIntegration) => (
    <EditDeleteActions
      name={integration.name}
      editLabel={t('queueIntegration.actions.edit')}
      onEdit={() => setEditing({ integration })}
      deleteLabel={t('queueIntegration.actions.delete')}
      onDelete={() => setDeleting(integration)}
    />
  );

  return (
    <RecordsPage
      title={t('queueIntegration.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('queueIntegration.search') }}
      actions={<AddRecordButton label={t('queueIntegration.add')} onClick={() => setEditing({ integration: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('queueIntegration.empty.title'), message: t('queueIntegration.empty.message') }}
        label={t('queueIntegration.title')}
        columns={[
          { label: t('queueIntegration.columns.type'), align: 'center' },
          { label: t('queueIntegration.columns.id'), align: 'center' },
          { label: t('queueIntegration.columns.name') },
        ]}
        actionsLabel={t('queueIntegration.columns.actions')}
        renderCard={(integration) => (
          <RecordCard sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            {logo(integration)}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                {integration.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                #{integration.id} · {typeName(integration)}
              </Typography>
            </Box>
            {actions(integration)}
          </RecordCard>
        )}
        renderCells={(integration) => (
          <>
            <TableCell align="center">{logo(integration)}</TableCell>
            <TableCell align="center">{integration.id}</TableCell>
            <TableCell>{integration.name}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <QueueIntegrationDialog
        open={Boolean(editing)}
        integration={editing?.integration ?? null}
        plugins={plugins}
        onClose={() => setEditing(null)}
      />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('queueIntegration.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(integration) => deleteIntegration(integration.id)}
        deletedMessage={t('queueIntegration.toasts.deleted')}
      >
        {t('queueIntegration.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
