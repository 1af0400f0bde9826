// The Node floor, checked by `npm start` before anything else runs (ADR 056). Imports nothing, so
// an older Node reaches this check and prints one line instead of a stack trace.

/** The oldest Node the project supports: 24.15 (Node 24 LTS began at 24.11; jsdom 31, which the
 * web tests run in, declares ^24.15). Kept equal to package.json's engines.node (a test checks). */
export const NODE_FLOOR = "24.15.0";

/** The one line to print when `version` (like process.versions.node) is below the floor, or null. */
export function nodeTooOld(version) {
  const have = version.split(".").map(Number);
  const need = NODE_FLOOR.split(".").map(Number);
  for (let i = 0; i < need.length; i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a > b) return null;
    if (a < b)
      return `ViewVault needs Node.js ${NODE_FLOOR.replace(/\.0$/, "")} (Node 24 LTS) or newer; this is Node ${version}. Install Node 24 or 26 and run npm start again.`;
  }
  return null;
}
