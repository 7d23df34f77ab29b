/** `1m 52s`, `48s`: how long a step of `npm test` took, as its summary prints it (and the release notes quote). */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
