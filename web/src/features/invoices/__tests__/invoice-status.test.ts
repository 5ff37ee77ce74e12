import { describe, expect, it } from '@jest/globals';
import { invoiceDisplayStatus, invoiceStatusColor } from '../invoice-status';

// Noon local time, so the day boundaries below do not depend on the machine's time zone.
const now = new Date(2026, 10, 28, 12, 0);
const localDay = (day: number, hour = 9) => new Date(2026, 10, day, hour, 0).toISOString();

describe('the invoice display status (spec 2 §4)', () => {
  it('reads Pago when paid, even long past its due date', () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: localDay(1) }, now)).toBe('paid');
  });

  it('reads Vencido when unpaid and due before today', () => {
    expect(invoiceDisplayStatus({ status: 'open', dueDate: localDay(27, 23) }, now)).toBe('overdue');
  });

  it('reads Em Aberto when unpaid and due today or later', () => {
    expect(invoiceDisplayStatus({ status: 'open', dueDate: localDay(28, 0) }, now)).toBe('open');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: localDay(30) }, now)).toBe('open');
  });

  it('colours paid green, overdue red and open amber', () => {
    expect(invoiceStatusColor).toEqual({ paid: 'success', overdue: 'error', open: 'warning' });
  });
});
