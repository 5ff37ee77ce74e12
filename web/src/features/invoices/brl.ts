const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as spec 2 §9 shows it whatever the interface language: BRL in pt-BR format with two decimals (R$ 1.049,00). */
export function formatBrl(value: number | string): string {
  return brl.format(Number(value));
}
