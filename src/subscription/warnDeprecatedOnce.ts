type EmitWarning = (message: string, options: { type: string; code: string }) => void

/**
 * Emits a deprecation warning once per process for each `code`: through
 * `process.emitWarning` as a `DeprecationWarning` with that code where `process` exists (so
 * `--no-deprecation`, `--throw-deprecation` and `process.on('warning')` apply), with
 * `console.warn` elsewhere. The flag lives on `globalThis` under a registered symbol named
 * after `flag`, so the ESM and CJS builds of the SDK loaded side by side still warn only once.
 * Returns whether it warned.
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
