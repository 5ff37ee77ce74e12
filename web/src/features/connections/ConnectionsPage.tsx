import { useCallback, useEffect, useState } from 'react';
import { Box, Button, TableCell, Typography } from '@mui/material';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import StarIcon from '@mui/icons-material/Star';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAppSelector } from '../../app/hooks';
import { toastError } from '../../app/errors';
import { ConfirmationModal } from '../../components/ConfirmationModal';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { RecordCard, RecordsList, useNarrowScreen } from '../../components/records/RecordsList';
import { EditDeleteActions } from '../../components/records/RowActions';
import { useCompanyPlanQuery, useInstalledPluginsQuery, type Plan } from '../plans/plans.api';
import { ConnectionDialog, type ConnectionDialogTarget } from './ConnectionDialog';
import { ConnectionSession, ConnectionStatusChip } from './ConnectionSession';
import { ChannelIcon, NewConnectionMenu } from './NewConnectionMenu';
import { QrCodeDialog } from './QrCodeDialog';
import {
  useConnectionSessionMutation,
  useDeleteConnectionMutation,
  useListConnectionsQuery,
  useRestartConnectionsMutation,
  type ChannelPlugin,
  type Connection,
} from './connections.api';

/** The support button's external chat (spec 2 §2); a build may point it elsewhere with VITE_SUPPORT_URL. */
const SUPPORT_URL: string = (import.meta.env.VITE_SUPPORT_URL as string | undefined) ?? 'https://wa.me/';
const NO_MORE = { hasMore: false, loading: false, onLoadMore: () => undefined };

/**
 * /connections (spec 2 §2, §4): the company's channel connections with their live state and session buttons, the
 * restart-all and support buttons, and for admins the new-connection menu, edit and delete.
 */
export default function ConnectionsPage() {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.auth.user);
  const isAdmin = Boolean(user?.super || user?.profile === 'admin');
  const { data: connections = [], isLoading, error } = useListConnectionsQuery();
  const { data: installed } = useInstalledPluginsQuery();
  const { data: company } = useCompanyPlanQuery(user?.companyId ?? 0, { skip: !user });
  const plan = company?.plan ?? (user?.company?.plan as Partial<Plan> | null | undefined);
  // GET /plugins answers each channel's full description (plans.api types only what the menu needs).
  const plugins = (installed?.channels ?? []) as unknown as ChannelPlugin[];
  const pluginOf = (channel: string) => plugins.find((plugin) => plugin.channel === channel);

  const [editing, setEditing] = useState<ConnectionDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [deleteConnection] = useDeleteConnectionMutation();
  const [session] = useConnectionSessionMutation();
  const [restartConnections, restart] = useRestartConnectionsMutation();
  const closeQr = useCallback(() => setQrFor(null), []);
  // Narrow screens: smaller header buttons, so they take two lines instead of three.
  const buttonSize: 'small' | 'medium' = useNarrowScreen() ? 'small' : 'medium';

  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  const channelName = (connection: Connection) => {
    const plugin = pluginOf(connection.channel);
    return plugin ? t(plugin.description.name) : connection.channel;
  };
  const name = (connection: Connection) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <ChannelIcon plugin={pluginOf(connection.channel)} channel={connection.channel} title={channelName(connection)} />
      <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
        {connection.name}
      </Typography>
    </Box>
  );
  const sessionCell = (connection: Connection) => (
    <ConnectionSession
      connection={connection}
      pairsByQrCode={Boolean(pluginOf(connection.channel)?.description.capabilities?.qrcode)}
      onShowQr={() => setQrFor(connection.id)}
      onDisconnect={() => setDisconnecting(connection)}
    />
  );
  const updated = (connection: Connection) => (connection.updatedAt ? format(new Date(connection.updatedAt), 'dd/MM/yy HH:mm') : '—');
  const defaultMark = (connection: Connection) =>
    connection.isDefault ? <StarIcon fontSize="small" color="warning" titleAccess={t('connections.table.default')} /> : null;
  const actions = (connection: Connection) =>
    isAdmin ? (
      <EditDeleteActions
        name={connection.name}
        editLabel={t('connections.buttons.edit')}
        onEdit={() => setEditing({ id: connection.id, channel: connection.channel })}
        deleteLabel={t('connections.buttons.delete')}
        onDelete={() => setDeleting(connection)}
      />
    ) : null;

  return (
    <RecordsPage
      title={t('connections.title')}
      count={connections.length}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {isAdmin ? (
            <Button
              variant="outlined"
              size={buttonSize}
              startIcon={<RestartAltIcon />}
              disabled={restart.isLoading}
              onClick={() =>
                restartConnections()
                  .unwrap()
                  .then(() => toast.success(t('connections.toasts.restarted')))
                  .catch(toastError)
              }
            >
              {t('connections.buttons.restart')}
            </Button>
          ) : null}
          <Button
            variant="outlined"
            size={buttonSize}
            startIcon={<SupportAgentIcon />}
            href={SUPPORT_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('connections.buttons.support')}
          </Button>
          {isAdmin ? (
            <NewConnectionMenu plugins={plugins} plan={plan} size={buttonSize} onChoose={(channel) => setEditing({ channel })} />
          ) : null}
        </Box>
      }
    >
      <RecordsList
        records={connections}
        loading={isLoading}
        more={NO_MORE}
        empty={{ title: t('connections.empty.title'), message: t('connections.empty.message') }}
        label={t('connections.title')}
        columns={[
          { label: t('connections.table.name') },
          { label: t('connections.table.status'), align: 'center' },
          { label: t('connections.table.session') },
          { label: t('connections.table.lastUpdate'), align: 'center' },
          { label: t('connections.table.default'), align: 'center' },
        ]}
        actionsLabel={t('connections.table.actions')}
        renderCard={(connection) => (
          <RecordCard sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>{name(connection)}</Box>
              {defaultMark(connection)}
              <ConnectionStatusChip status={connection.status} />
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
              <Box sx={{ flex: 1 }}>{sessionCell(connection)}</Box>
              {actions(connection)}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {t('connections.table.lastUpdate')}: {updated(connection)}
            </Typography>
          </RecordCard>
        )}
        renderCells={(connection) => (
          <>
            <TableCell>{name(connection)}</TableCell>
            <TableCell align="center">
              <ConnectionStatusChip status={connection.status} />
            </TableCell>
            <TableCell>{sessionCell(connection)}</TableCell>
            <TableCell align="center">{updated(connection)}</TableCell>
            <TableCell align="center">{defaultMark(connection) ?? ''}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <ConnectionDialog target={editing} plugins={plugins} onClose={() => setEditing(null)} />
      <QrCodeDialog connection={connections.find((connection) => connection.id === qrFor)} onClose={closeQr} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('connections.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(connection) => deleteConnection(connection.id)}
        deletedMessage={t('connections.toasts.deleted')}
      >
        {t('connections.confirmDelete.message')}
      </DeleteRecordConfirmation>
      <ConfirmationModal
        open={Boolean(disconnecting)}
        title={t('connections.confirmDisconnect.title', { name: disconnecting?.name ?? '' })}
        onClose={() => setDisconnecting(null)}
        onConfirm={() => {
          if (disconnecting) session({ id: disconnecting.id, action: 'disconnect' }).unwrap().catch(toastError);
        }}
      >
        {t('connections.confirmDisconnect.message')}
      </ConfirmationModal>
    </RecordsPage>
  );
}
