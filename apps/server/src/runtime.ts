/** Node releases this server is supported on: the maintained ones (22 from 22.13, and 24). */
export const SUPPORTED_NODE = '^22.13.0 || ^24.0.0';

/**
 * The line a server started on another Node logs once, or null on a supported one. Node 20 still
 * runs it (its end of life was April 2026), so this warns rather than refuses.
 */
export function unsupportedNodeWarning(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major === 24 || (major === 22 && minor >= 13)) return null;
  return (
    `Node.js ${version} is not a supported runtime for Brandvault (supported: 22.13+ and 24). ` +
    'It may work, but it gets no security fixes or testing here: upgrade Node.js.'
  );
}
