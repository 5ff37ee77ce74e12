// PostgreSQL array literals ('{1,2}'), bound as one parameter each: knex spreads a JS array into many parameters,
// which a batch of thousands would turn into thousands of bindings.

export function pgArray(values: readonly (number | string)[]): string {
  return `{${values.map((value) => (typeof value === 'number' ? String(value) : quoted(value))).join(',')}}`;
}

/** A text[] literal in which null stays NULL. */
export function textArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : quoted(value))).join(',')}}`;
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
