/** Polls `check` until it holds; fails after `timeoutMs`, naming `what` was awaited. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 8_000,
  what = 'condition',
  intervalMs = 50,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
