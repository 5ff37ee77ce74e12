/**
 * Polls until the probe answers something other than undefined or false (a condition reads as itself); fails naming
 * `what` after `timeoutMs`. Tests wait on what they assert with this, never on a fixed sleep.
 */
export async function eventually<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
