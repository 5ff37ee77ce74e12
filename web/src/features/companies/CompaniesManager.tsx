import { useMemo, useState } from 'react';
import { Box, Chip, TableCell, Typography, alpha, type Theme } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { DeleteRecordConfirmation } from '../../components/records/DeleteRecordConfirmation';
import { RecordsPage } from '../../components/records/RecordsPage';
import { AddRecordButton, RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { EditDeleteActions, RowActionButton } from '../../components/records/RowActions';
import { formatPlanAmount } from '../plans/plan-amount';
import { CompanyDialog } from './CompanyDialog';
import {
  SUPER_COMPANY_ID,
  useCompaniesPageInfiniteQuery,
  useDeleteCompanyMutation,
  useRenewCompanyMutation,
  type Company,
} from './companies.api';
import { dueDateTone, dueNote, formatDueDay, type DueDateTone } from './company-due-date';

/** The tone's colour and its strength at rest and under the pointer (the table's hover must not hide it). */
const toneColour: Record<DueDateTone, ((theme: Theme) => string) | undefined> = {
  overdue: (theme) => theme.palette.error.main,
  soon: (theme) => theme.palette.warning.main,
  none: undefined,
};

function dateTime(value: string | null): string | null {
  return value ? format(new Date(value), 'dd/MM/yy HH:mm') : null;
}

/**
 * The super user's companies (spec 2 §2): searched and paged, each row with its plan and due date, amber when due
 * in 1 to 5 days and red when due or past (spec 2 §4); renewed, edited and deleted from its row. /companies and
 * the settings' companies tab both show it.
 */
export function CompaniesManager(props: { titleComponent?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const [editing, setEditing] = useState<{ company: Company | null } | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(useCompaniesPageInfiniteQuery(args), (page) => page.companies);
  const [deleteCompany] = useDeleteCompanyMutation();
  const [renewCompany] = useRenewCompanyMutation();
  const now = new Date();

  const renew = (company: Company) =>
    renewCompany(company.id)
      .unwrap()
      .then((renewed) => toast.success(t('companies.toasts.renewed', { name: renewed.name, date: formatDueDay(renewed.dueDate) })))
      .catch(toastError);

  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));

  const noteOf = (company: Company) => {
    const note = company.id === SUPER_COMPANY_ID ? null : dueNote(company.dueDate, now);
    return note ? t(`companies.due.${note.key}`, note) : null;
  };

  const due = (company: Company) => {
    const note = noteOf(company);
    return (
      <>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {formatDueDay(company.dueDate) || '—'}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t(`plans.recurrences.${company.recurrence}`)}
        </Typography>
        {note ? (
          <Typography variant="caption" sx={{ fontWeight: 600, display: 'block' }}>
            {note}
          </Typography>
        ) : null}
      </>
    );
  };

  const tone = (company: Company): DueDateTone => (company.id === SUPER_COMPANY_ID ? 'none' : dueDateTone(company.dueDate, now));
  const rowSx = (company: Company) => {
    const colour = toneColour[tone(company)];
    if (!colour) return undefined;
    return {
      bgcolor: (theme: Theme) => alpha(colour(theme), 0.16),
      '&.MuiTableRow-hover:hover': { bgcolor: (theme: Theme) => alpha(colour(theme), 0.26) },
    };
  };

  const actions = (company: Company) => (
    <>
      {company.id === SUPER_COMPANY_ID ? null : (
        <RowActionButton
          label={t('companies.actions.renew')}
          name={company.name}
          icon={<AutorenewIcon fontSize="small" color="primary" />}
          onClick={() => void renew(company)}
        />
      )}
      <EditDeleteActions
        name={company.name}
        editLabel={t('companies.actions.edit')}
        onEdit={() => setEditing({ company })}
        deleteLabel={t('companies.actions.delete')}
        onDelete={company.id === SUPER_COMPANY_ID ? undefined : () => setDeleting(company)}
      />
    </>
  );

  return (
    <RecordsPage
      title={t('companies.title')}
      titleComponent={props.titleComponent}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('companies.search') }}
      actions={<AddRecordButton label={t('companies.add')} onClick={() => setEditing({ company: null })} />}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('companies.empty.title'), message: t('companies.empty.message') }}
        label={t('companies.title')}
        columns={[
          { label: t('companies.columns.id') },
          { label: t('companies.columns.active'), align: 'center' },
          { label: t('companies.columns.name') },
          { label: t('companies.columns.email') },
          { label: t('companies.columns.plan') },
          { label: t('companies.columns.amount'), align: 'right' },
          { label: t('companies.columns.createdAt') },
          { label: t('companies.columns.dueDate') },
          { label: t('companies.columns.lastLogin') },
        ]}
        actionsLabel={t('companies.columns.actions')}
        rowSx={rowSx}
        renderCard={(company) => (
          <RecordCard sx={rowSx(company)}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                {company.name}
              </Typography>
              {actions(company)}
            </Box>
            <Typography variant="body2" color="text.secondary" noWrap>
              {company.email}
            </Typography>
            <Box sx={{ mt: 0.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip
                size="small"
                variant="outlined"
                color={company.status ? 'success' : 'default'}
                label={`${t('companies.columns.active')}: ${yesNo(company.status)}`}
              />
              <Chip size="small" label={`${company.plan?.name ?? t('companies.noPlan')} · ${formatPlanAmount(company.plan?.amount)}`} />
            </Box>
            <Box sx={{ mt: 0.5 }}>{due(company)}</Box>
          </RecordCard>
        )}
        renderCells={(company) => (
          <>
            <TableCell>{company.id}</TableCell>
            <TableCell align="center">{yesNo(company.status)}</TableCell>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {company.name}
              </Typography>
            </TableCell>
            <TableCell>
              <Typography variant="body2" noWrap title={company.email ?? undefined} sx={{ maxWidth: 220 }}>
                {company.email}
              </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{company.plan?.name ?? t('companies.noPlan')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatPlanAmount(company.plan?.amount)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(company.createdAt)}</TableCell>
            <TableCell>{due(company)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(company.lastLogin) ?? t('companies.neverLoggedIn')}</TableCell>
          </>
        )}
        renderActions={actions}
      />

      <CompanyDialog open={Boolean(editing)} company={editing?.company ?? null} onClose={() => setEditing(null)} />
      <DeleteRecordConfirmation
        record={deleting}
        title={t('companies.confirmDelete.title', { name: deleting?.name ?? '' })}
        onClose={() => setDeleting(null)}
        onDelete={(company) => deleteCompany(company.id)}
        deletedMessage={t('companies.toasts.deleted')}
      >
        {t('companies.confirmDelete.message')}
      </DeleteRecordConfirmation>
    </RecordsPage>
  );
}
