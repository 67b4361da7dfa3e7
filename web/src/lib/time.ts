/** Promise that resolves after `ms` milliseconds (timings from spec provider-side section 9). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
