import { warnDeprecatedOnce } from '../../subscription/warnDeprecatedOnce.js'

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

/**
 * Emits the deprecation warning of `client.events.subscribe` once per process (a
 * `DeprecationWarning` with code `CHAINX_DEP_SUBSCRIBE`; see `warnDeprecatedOnce`). Returns whether it warned.
 *
 * @example
 * warnSubscribeDeprecated() // true: printed
 * warnSubscribeDeprecated() // false: already printed in this process
 */
export function warnSubscribeDeprecated(): boolean {
  return warnDeprecatedOnce('chainx-sdk.subscribe.deprecationWarned', SUBSCRIBE_DEPRECATION_MESSAGE, SUBSCRIBE_DEPRECATION_CODE)
}
