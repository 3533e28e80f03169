/**
 * The text of the one-time warning.
 *
 * @example
 * expect(console.warn).toHaveBeenCalledWith(SUBSCRIBE_DEPRECATION_MESSAGE)
 */
export const SUBSCRIBE_DEPRECATION_MESSAGE =
  '[chainx-sdk] client.events.subscribe (chainx_subscribeEvent) is deprecated by the service (spec 4.5); ' +
  'use client.events.watch, which polls chainx_queryEvents with a cursor.'

const WARNED = Symbol.for('chainx-sdk.subscribe.deprecationWarned')

/**
 * Prints the deprecation warning of `subscribe` with `console.warn`, once per process:
 * the flag lives on `globalThis` under a registered symbol, so the ESM and CJS builds of
 * the SDK loaded side by side still warn only once. Returns whether it printed.
 *
 * @example
 * warnSubscribeDeprecated() // true: printed
 * warnSubscribeDeprecated() // false: already printed in this process
 */
export function warnSubscribeDeprecated(): boolean {
  const flags = globalThis as { [WARNED]?: boolean }
  if (flags[WARNED] === true) return false
  flags[WARNED] = true
  console.warn(SUBSCRIBE_DEPRECATION_MESSAGE)
  return true
}
