/**
 * The fields an input actually gives: keys whose value is undefined are left out, so a partial update (or an insert
 * relying on column defaults) never writes them.
 */
export function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
