type EmitWarning = (message: string, options: { type: string; code: string }) => void

/**
 * Emits a deprecation warning once per process: a `DeprecationWarning` with `code` through
 * `process.emitWarning` where it exists (so `--no-deprecation` applies), `console.warn` elsewhere.
 * The flag is a registered symbol on `globalThis`, so the ESM and CJS builds side by side warn
 * once. Returns whether it warned.
 *
 * @example
 * warnDeprecatedOnce('chainx-sdk.subscribe.deprecationWarned', 'client.events.subscribe is deprecated', 'CHAINX_DEP_SUBSCRIBE') // true
 * warnDeprecatedOnce('chainx-sdk.subscribe.deprecationWarned', 'client.events.subscribe is deprecated', 'CHAINX_DEP_SUBSCRIBE') // false
 */
export function warnDeprecatedOnce(flag: string, message: string, code: string): boolean {
  const key = Symbol.for(flag)
  const flags = globalThis as { [key: symbol]: boolean | undefined }
  if (flags[key] === true) return false
  flags[key] = true
  const emitWarning = (globalThis as { process?: { emitWarning?: EmitWarning } }).process?.emitWarning
  if (typeof emitWarning === 'function') {
    emitWarning.call((globalThis as { process?: unknown }).process, message, { type: 'DeprecationWarning', code })
  } else {
    console.warn(message)
  }
  return true
}
