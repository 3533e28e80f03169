/**
 * Emits a deprecation warning once per process: a `DeprecationWarning` with `code` through
 * `process.emitWarning` where it exists (so `--no-deprecation` applies), `console.warn` elsewhere.
 * The flag is a registered symbol on `globalThis`, so the ESM and CJS builds side by side warn once.
 *
 * @example
 * warnDeprecatedOnce('chainx-sdk.subscribe.deprecationWarned', 'client.events.subscribe is deprecated', 'CHAINX_DEP_SUBSCRIBE')
 */
export function warnDeprecatedOnce(flag: string, message: string, code: string): void {
  const key = Symbol.for(flag)
  const flags = globalThis as { [key: symbol]: boolean | undefined }
  if (flags[key] === true) return
  flags[key] = true
  const node = (globalThis as { process?: { emitWarning?: (message: string, options: { type: string; code: string }) => void } }).process
  if (typeof node?.emitWarning === 'function') node.emitWarning(message, { type: 'DeprecationWarning', code })
  else console.warn(message)
}
