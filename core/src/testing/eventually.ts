/** Polls until the probe answers something other than undefined; fails naming `what` after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not seen in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
