import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { inject, injectable } from '@switchboard/sdk';
import { reportMomentText, supportTimeText } from '@switchboard/sdk/contracts';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { TicketReportFilters } from './reports.schema.js';
import { TicketReport } from './ticket-report.service.js';

/** The file and sheet names of spec 3 §7 Reports. */
export const REPORT_FILE_NAME = 'relatorio-de-atendimentos.xlsx';
const SHEET_NAME = 'RelatorioDeAtendimentos';
/** Rows read from the database per query while exporting. */
const EXPORT_BATCH = 1000;

/** Status names as the page shows them in pt-BR (spec 3 §4: statuses are a filter and a column). */
const STATUS_TEXT: Record<string, string> = {
  open: 'Aberto',
  pending: 'Pendente',
  closed: 'Fechado',
  group: 'Grupo',
  lgpd: 'LGPD',
  nps: 'NPS',
};

/**
 * The report's Excel export, made here and streamed (DESIGN §7): exceljs's streaming writer, without shared strings
 * or styles so nothing accumulates per row, fed by keyset batches of the same query as the page. Memory stays flat:
 * one batch is read at a time, and the next is not read while the client still has the previous bytes to take
 * (the output's backpressure). A client that goes away ends the walk at the next batch.
 */
@injectable()
export class TicketReportExport {
  constructor(@inject(TicketReport) private readonly report: TicketReport) {}

  /**
   * Writes the workbook of every row the filters select to `output`. `starting` learns the row count before the
   * first byte (the route announces it, so the page can show progress). Answers how many rows were written and
   * whether the output went away before the end.
   */
  async write(options: {
    auth: AuthContext;
    filters: TicketReportFilters;
    output: Writable;
    starting?: (rows: number) => void;
  }): Promise<{ rows: number; abandoned: boolean }> {
    const { output } = options;
    const { total, timeZone, batches } = await this.report.walk({ auth: options.auth, filters: options.filters, batchSize: EXPORT_BATCH });
    options.starting?.(total);
    let gone = false;
    const onClose = () => (gone = !output.writableFinished);
    output.once('close', onClose);
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(SHEET_NAME);
      sheet.columns = [
        { header: 'Id', key: 'id', width: 10 },
        { header: 'Conexão', key: 'whatsappName', width: 20 },
        { header: 'Contato', key: 'contactName', width: 28 },
        { header: 'Usuário', key: 'userName', width: 20 },
        { header: 'Fila', key: 'queueName', width: 20 },
        { header: 'Status', key: 'status', width: 12 },
        { header: 'Última Mensagem', key: 'lastMessage', width: 40 },
        { header: 'Abertura', key: 'createdAt', width: 18 },
        { header: 'Fechamento', key: 'closedAt', width: 18 },
        { header: 'Tempo de Atendimento', key: 'supportTime', width: 20 },
        { header: 'NPS', key: 'NPS', width: 8 },
      ];
      let rows = 0;
      for await (const batch of batches) {
        if (gone || output.destroyed) return { rows, abandoned: true };
        for (const row of batch) {
          sheet
            .addRow({
              id: row.id,
              whatsappName: row.whatsappName ?? '',
              contactName: row.contactName ?? '',
              userName: row.userName ?? '',
              queueName: row.queueName ?? '',
              status: STATUS_TEXT[row.status] ?? row.status,
              lastMessage: row.lastMessage,
              createdAt: reportMomentText(row.createdAt, timeZone),
              closedAt: reportMomentText(row.closedAt, timeZone),
              supportTime: supportTimeText(row.supportTime),
              NPS: row.NPS ?? '',
            })
            .commit();
        }
        rows += batch.length;
        await drained(output, [output, ...sheetIntake(sheet)]);
      }
      if (gone || output.destroyed) return { rows, abandoned: true };
      sheet.commit();
      await workbook.commit();
      return { rows, abandoned: false };
    } finally {
      output.off('close', onClose);
    }
  }
}

/**
 * Where exceljs hands the sheet's XML to the zip: its sheet stream writes into these and ignores their backpressure,
 * so a producer faster than the compression would pile the whole sheet up in them. Read from exceljs's internals
 * (none when they change shape: the output's own backpressure still holds).
 */
function sheetIntake(sheet: ExcelJS.Worksheet): Writable[] {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes) ? (pipes as Writable[]) : [];
}

/** Whether a stream holds more than it wants; exceljs's zip uses an older stream library without writableNeedDrain. */
function full(stream: Writable): boolean {
  return stream.writableNeedDrain ?? Boolean((stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain);
}

/**
 * Resolves once every stream has taken what it holds, or the output has closed (a client gone, after which the zip
 * stops reading and nothing would drain): the pace of the compression and of the reader sets the pace of reading.
 */
async function drained(output: Writable, streams: Writable[]): Promise<void> {
  for (const stream of streams) {
    if (output.destroyed) return;
    if (stream.destroyed || !full(stream)) continue;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        output.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      output.on('close', done);
    });
  }
}
