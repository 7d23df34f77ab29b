// What `pnpm release --version` and the build's MARINA_RELEASE_VERSION accept (decision 068).

/**
 * Semantic Versioning 2.0's `MAJOR.MINOR.PATCH` with an optional pre-release (`5.2.0`, `5.2.0-rc.1`): numbers
 * without leading zeros, pre-release identifiers of letters, digits and hyphens. No `v` in front and no build
 * metadata (`+…`): the version names a folder and a file of the release, and the commit is in its manifest.
 * The seed's `5.1010.1945` is one.
 */
const NUMBER = '(?:0|[1-9]\\d*)';
const PRE_RELEASE_PART = '(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)';
const RELEASE_VERSION = new RegExp(
  `^${NUMBER}\\.${NUMBER}\\.${NUMBER}(?:-${PRE_RELEASE_PART}(?:\\.${PRE_RELEASE_PART})*)?$`,
);

/** Longer than any real version, short enough for a folder's name. */
export const MAX_VERSION_LENGTH = 64;

/** Why `version` is not a release's version, or undefined when it is one. */
export function versionProblem(version: string): string | undefined {
  if (version.length > MAX_VERSION_LENGTH)
    return `"${version.slice(0, 20)}…" is longer than ${MAX_VERSION_LENGTH} characters`;
  if (RELEASE_VERSION.test(version)) return undefined;
  return `"${version}" is not a version: write MAJOR.MINOR.PATCH with an optional pre-release, e.g. 5.2.0 or 5.2.0-rc.1 (no "v", no "+build")`;
}
