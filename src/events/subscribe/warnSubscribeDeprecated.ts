/**
 * The text of the one-time warning.
 *
 * @example
 * expect(console.warn).toHaveBeenCalledWith(SUBSCRIBE_DEPRECATION_MESSAGE)
 */
export const SUBSCRIBE_DEPRECATION_MESSAGE =
  '[chainx-sdk] client.events.subscribe (chainx_subscribeEvent) is deprecated by the service (spec 4.5); ' +
  'use client.events.watch, which polls chainx_queryEvents with a cursor.'

/**
 * The code of the warning, as `process.on('warning')` and `--no-deprecation` see it.
 *
 * @example
 * process.on('warning', (warning) => { if ((warning as { code?: string }).code === SUBSCRIBE_DEPRECATION_CODE) migrate() })
 */
export const SUBSCRIBE_DEPRECATION_CODE = 'CHAINX_DEP_SUBSCRIBE'

const WARNED = Symbol.for('chainx-sdk.subscribe.deprecationWarned')

type EmitWarning = (message: string, options: { type: string; code: string }) => void

/**
 * Emits the deprecation warning of `subscribe` once per process: through
 * `process.emitWarning` as a `DeprecationWarning` with code `CHAINX_DEP_SUBSCRIBE` where
 * `process` exists (so `--no-deprecation`, `--throw-deprecation` and `process.on('warning')`
 * apply), with `console.warn` elsewhere. The flag lives on `globalThis` under a registered
 * symbol, so the ESM and CJS builds of the SDK loaded side by side still warn only once.
 * Returns whether it warned.
 *
 * @example
 * warnSubscribeDeprecated() // true: printed
 * warnSubscribeDeprecated() // false: already printed in this process
 */
export function warnSubscribeDeprecated(): boolean {
  const flags = globalThis as { [WARNED]?: boolean }
  if (flags[WARNED] === true) return false
  flags[WARNED] = true
  const emitWarning = (globalThis as { process?: { emitWarning?: EmitWarning } }).process?.emitWarning
  if (typeof emitWarning === 'function') {
    emitWarning.call((globalThis as { process?: unknown }).process, SUBSCRIBE_DEPRECATION_MESSAGE, {
      type: 'DeprecationWarning',
      code: SUBSCRIBE_DEPRECATION_CODE,
    })
  } else {
    console.warn(SUBSCRIBE_DEPRECATION_MESSAGE)
  }
  return true
}
