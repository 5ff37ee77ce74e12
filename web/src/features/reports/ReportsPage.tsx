import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import GridOnIcon from '@mui/icons-material/GridOn';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { format, startOfMonth } from 'date-fns';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  REPORT_DEFAULT_PAGE_SIZE,
  REPORT_PAGE_SIZES,
  reportMomentText,
  supportTimeText,
  type TicketReportRow,
} from '@switchboard/sdk/contracts';
import { toastError } from '../../app/errors';
import { ListStatus } from '../../components/records/RecordsPage';
import { useListConnectionsQuery } from '../connections/connections.api';
import { useQueuesQuery } from '../queues/queues.api';
import { useListAllTagsQuery } from '../tags/tags.api';
import { MultiPick } from '../tickets/manager/TicketFilters';
import { useListUsersQuery } from '../users/users.api';
import { useExportProgress, exportProgress } from './export-progress';
import { ReportContactFilter, type ContactFilter } from './ReportContactFilter';
import { useExportTicketReportMutation, useTicketReportQuery, type ReportFilters } from './reports.api';

/** Statuses offered by the filter (spec 3 §4: a filter and a column). */
const STATUSES = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'];

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** The filters as the form holds them until the filter button applies them. */
type Draft = Omit<ReportFilters, 'contactId' | 'searchParam'> & { contact: ContactFilter };

function applied(draft: Draft): ReportFilters {
  const { contact, ...lists } = draft;
  return {
    ...lists,
    contactId: contact && 'contact' in contact ? contact.contact.id : undefined,
    searchParam: contact && 'text' in contact ? contact.text : undefined,
  };
}

/** The export icon: a spreadsheet, ringed by the download's progress while it runs. */
function ExportButton(props: { filters: ReportFilters }) {
  const { t } = useTranslation();
  const [exportReport, { isLoading }] = useExportTicketReportMutation();
  const progress = useExportProgress();
  const run = () => {
    exportProgress.set(0);
    exportReport(props.filters)
      .unwrap()
      .catch(toastError)
      .finally(() => exportProgress.set(null));
  };
  return (
    <Tooltip title={t('reports.export')}>
      <span>
        <IconButton aria-label={t('reports.export')} onClick={run} disabled={isLoading} color="success" sx={{ position: 'relative' }}>
          <GridOnIcon />
          {progress !== null ? (
            <CircularProgress
              variant="determinate"
              value={progress}
              size={40}
              aria-label={t('reports.exporting', { progress })}
              sx={{ position: 'absolute', top: 0, left: 0 }}
            />
          ) : null}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function ReportTable(props: { rows: TicketReportRow[]; timeZone: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = ['id', 'connection', 'contact', 'user', 'queue', 'status', 'lastMessage', 'createdAt', 'closedAt', 'supportTime', 'nps'];
  return (
    <TableContainer>
      <Table size="small" aria-label={t('reports.title')}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{t(`reports.columns.${column}`)}</TableCell>
            ))}
            <TableCell align="center">{t('reports.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={row.id} hover>
              <TableCell>{row.id}</TableCell>
              <TableCell>{row.whatsappName}</TableCell>
              <TableCell>{row.contactName}</TableCell>
              <TableCell>{row.userName}</TableCell>
              <TableCell>{row.queueName}</TableCell>
              <TableCell>{t(`reports.status.${row.status}`, { defaultValue: row.status })}</TableCell>
              <TableCell sx={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={row.lastMessage}>
                {row.lastMessage}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{reportMomentText(row.createdAt, props.timeZone)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{reportMomentText(row.closedAt, props.timeZone)}</TableCell>
              <TableCell>{supportTimeText(row.supportTime)}</TableCell>
              <TableCell>{row.NPS ?? ''}</TableCell>
              <TableCell align="center">
                <IconButton
                  size="small"
                  aria-label={t('reports.openTicket', { id: row.id })}
                  onClick={() => navigate(`/tickets/${row.uuid}`)}
                >
                  <VisibilityIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * /reports (spec 3 §2.16): the company's tickets by arrival, filtered when the filter button is pressed, paged with
 * 5, 10, 20 or 50 rows, and exported as the server's streamed workbook for the same filters.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => ({
    contact: null,
    whatsappId: [],
    status: [],
    users: [],
    tags: [],
    queueIds: [],
    dateFrom: day(startOfMonth(new Date())),
    dateTo: day(new Date()),
  }));
  const [filters, setFilters] = useState<ReportFilters>(() => applied(draft));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(REPORT_DEFAULT_PAGE_SIZE);
  const { data, isFetching, error } = useTicketReportQuery({ filters, page, pageSize });
  const { data: connections = [] } = useListConnectionsQuery();
  const { data: queues = [] } = useQueuesQuery();
  const { data: tags = [] } = useListAllTagsQuery();
  const { data: users = [] } = useListUsersQuery();
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const filter = () => {
    setFilters(applied(draft));
    setPage(1);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('reports.title')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="form"
        aria-label={t('reports.filters.title')}
        onSubmit={(event) => {
          event.preventDefault();
          filter();
        }}
      >
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          <ReportContactFilter value={draft.contact} onChange={(contact) => set({ contact })} />
          <MultiPick
            label={t('reports.filters.connections')}
            options={connections}
            value={draft.whatsappId}
            onChange={(ids) => set({ whatsappId: ids })}
          />
          <MultiPick
            label={t('reports.filters.status')}
            options={STATUSES.map((status) => ({ id: status, name: t(`reports.status.${status}`) }))}
            value={draft.status}
            onChange={(ids) => set({ status: ids.map(String) })}
          />
          <MultiPick label={t('reports.filters.users')} options={users} value={draft.users} onChange={(ids) => set({ users: ids })} />
          <MultiPick label={t('reports.filters.tags')} options={tags} value={draft.tags} onChange={(ids) => set({ tags: ids })} />
          <MultiPick
            label={t('reports.filters.queues')}
            options={queues}
            value={draft.queueIds}
            onChange={(ids) => set({ queueIds: ids })}
          />
          {(['dateFrom', 'dateTo'] as const).map((field) => (
            <TextField
              key={field}
              size="small"
              type="date"
              label={t(`reports.filters.${field}`)}
              value={draft[field]}
              onChange={(event) => set({ [field]: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <Button type="submit" variant="contained" startIcon={<FilterListIcon />}>
            {t('reports.filters.apply')}
          </Button>
          <ExportButton filters={filters} />
        </Box>
      </Paper>
      <Paper variant="outlined">
        <ListStatus
          loading={isFetching && !data}
          empty={Boolean(data) && data!.tickets.length === 0}
          title={t('reports.empty')}
          message=""
        />
        {error ? (
          <Typography color="error" sx={{ p: 2 }}>
            {t('reports.failed')}
          </Typography>
        ) : null}
        {data && data.tickets.length > 0 ? <ReportTable rows={data.tickets} timeZone={data.timeZone} /> : null}
        <TablePagination
          component="div"
          count={data?.totalTickets.total ?? 0}
          page={page - 1}
          onPageChange={(_event, next) => setPage(next + 1)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...REPORT_PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(1);
          }}
          labelRowsPerPage={t('reports.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('reports.displayedRows', { from, to, count })}
        />
      </Paper>
    </Box>
  );
}
