import { describe, expect, it } from '@jest/globals';
import { formatChurn, metricFigure } from '../metric-figures';

const metrics = {
  activeClients: 1234,
  delinquentClients: 3,
  inactiveClients: 0,
  disconnectedConnections: 2,
  activeConnections: 5,
  totalUsers: 41,
  mrr: 1049.5,
  churn: 0.125,
};
// Intl separates the currency sign with a no-break space (and, by ICU version, the percent sign with one or none).
const plain = (text: string) => text.replace(/\s/g, ' ');
const squeezed = (text: string) => text.replace(/\s/g, '');

describe('the admin metrics figures', () => {
  it('shows MRR in BRL, pt-BR format, whatever the language (spec 2 §9)', () => {
    expect(plain(metricFigure(metrics, 'mrr', 'en'))).toBe('R$ 1.049,50');
    expect(plain(metricFigure(metrics, 'mrr', 'pt-BR'))).toBe('R$ 1.049,50');
  });

  it('shows churn in percent with one decimal in the interface language', () => {
    expect(squeezed(formatChurn(0.125, 'pt-BR'))).toBe('12,5%');
    expect(squeezed(formatChurn(0.125, 'en'))).toBe('12.5%');
    expect(squeezed(metricFigure({ ...metrics, churn: 0 }, 'churn', 'en'))).toBe('0.0%');
  });

  it('shows the counts as whole numbers', () => {
    expect(metricFigure(metrics, 'activeClients', 'pt-BR')).toBe('1.234');
    expect(metricFigure(metrics, 'inactiveClients', 'en')).toBe('0');
  });
});
