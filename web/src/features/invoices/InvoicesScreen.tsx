import { useMemo, useState, type ReactNode } from 'react';
import { alpha, Box, Button, Chip, TableCell, Typography, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@switchboard/sdk/contracts';
import { RecordCard, RecordsList, useInfiniteRecords, useRecordSearch } from '../../components/records/RecordsList';
import { RecordsPage } from '../../components/records/RecordsPage';
import { formatDueDate } from '../auth/subscription';
import { formatBrl } from './brl';
import { CheckoutDialog } from './CheckoutDialog';
import { invoiceDisplayStatus, invoiceStatusColor } from './invoice-status';
import { useInvoicesPageInfiniteQuery } from './invoices.api';
import { useLicenceRenewal } from './use-licence-renewal';

/**
 * The company's invoices (spec 2 §2, §4), the screen of both /financeiro and /financeiro-aberto: searched and paged
 * by scroll, each with its Pago / Vencido / Em Aberto status (overdue rows tinted red), PAGAR opening the checkout
 * on an unpaid one; a confirmed payment renews the licence from here. `banner` goes above the table; `refreshMs` reads
 * the list again that often (no event announces a new invoice).
 */
export function InvoicesScreen(props: { banner?: ReactNode; refreshMs?: number }) {
  const { t } = useTranslation();
  const { search, setSearch, searchParam } = useRecordSearch();
  const args = useMemo(() => ({ searchParam: searchParam || undefined }), [searchParam]);
  const list = useInfiniteRecords(useInvoicesPageInfiniteQuery(args, { pollingInterval: props.refreshMs ?? 0 }), (page) => page.invoices);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const renewedUntil = useLicenceRenewal();
  const now = new Date();

  const overdueTint = (invoice: Invoice): SxProps<Theme> | undefined =>
    invoiceDisplayStatus(invoice, now) === 'overdue' ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined;
  const status = (invoice: Invoice) => {
    const shown = invoiceDisplayStatus(invoice, now);
    return <Chip size="small" color={invoiceStatusColor[shown]} label={t(`invoices.status.${shown}`)} sx={{ fontWeight: 600 }} />;
  };
  const action = (invoice: Invoice) =>
    invoice.status === 'paid' ? (
      <Button size="small" variant="contained" disabled>
        {t('invoices.actions.paid')}
      </Button>
    ) : (
      <Button size="small" variant="contained" color="primary" onClick={() => setPaying(invoice)}>
        {t('invoices.actions.pay')}
      </Button>
    );

  return (
    <RecordsPage
      title={t('invoices.title')}
      count={list.count}
      search={{ value: search, onChange: setSearch, label: t('invoices.search') }}
      filters={props.banner}
    >
      <RecordsList
        records={list.records}
        loading={list.loading}
        more={list.more}
        empty={{ title: t('invoices.empty.title'), message: t('invoices.empty.message') }}
        label={t('invoices.title')}
        columns={[
          { label: t('invoices.columns.detail') },
          { label: t('invoices.columns.users'), align: 'center' },
          { label: t('invoices.columns.connections'), align: 'center' },
          { label: t('invoices.columns.queues'), align: 'center' },
          { label: t('invoices.columns.value'), align: 'right' },
          { label: t('invoices.columns.dueDate'), align: 'center' },
          { label: t('invoices.columns.status'), align: 'center' },
        ]}
        actionsLabel={t('invoices.columns.action')}
        rowSx={overdueTint}
        renderCells={(invoice) => (
          <>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {invoice.detail}
              </Typography>
            </TableCell>
            <TableCell align="center">{invoice.users}</TableCell>
            <TableCell align="center">{invoice.connections}</TableCell>
            <TableCell align="center">{invoice.queues}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatBrl(invoice.value)}
            </TableCell>
            <TableCell align="center">{formatDueDate(invoice.dueDate)}</TableCell>
            <TableCell align="center">{status(invoice)}</TableCell>
          </>
        )}
        renderActions={action}
        renderCard={(invoice) => (
          <RecordCard sx={overdueTint(invoice)}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} noWrap>
                {invoice.detail}
              </Typography>
              {status(invoice)}
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {formatBrl(invoice.value)} · {t('invoices.columns.dueDate')} {formatDueDate(invoice.dueDate)}
            </Typography>
            <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>{action(invoice)}</Box>
          </RecordCard>
        )}
      />
      {paying ? <CheckoutDialog key={paying.id} invoice={paying} renewed={renewedUntil !== null} onClose={() => setPaying(null)} /> : null}
    </RecordsPage>
  );
}
