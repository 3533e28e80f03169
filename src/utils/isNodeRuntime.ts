/**
 * Tells whether the code runs in Node.js (not a browser, a worker or Deno): `process.versions.node`
 * is set and there is no `window`.
 *
 * @example
 * isNodeRuntime() // true under node
 */
export function isNodeRuntime(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process
  return typeof proc?.versions?.node === 'string' && typeof (globalThis as { window?: unknown }).window === 'undefined'
}
