/** The app's version, written one way on every screen that shows it. */
export function formatVersion(version: string): string {
  return `Versión ${version}`;
}
