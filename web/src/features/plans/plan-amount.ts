const reais = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A plan's amount as spec 2 §9 shows money in every language: BRL in pt-BR format (R$ 49,90); '—' without one. */
export function formatPlanAmount(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = Number(amount);
  return Number.isFinite(value) ? reais.format(value) : '—';
}
