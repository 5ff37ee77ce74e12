/** A measured time for a card or a cell: "2h 05min", "12min", "45s"; a dash when nothing was measured. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes}min`;
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  return hours < 24 ? `${hours}h ${rest}min` : `${Math.floor(hours / 24)}d ${hours % 24}h`;
}
