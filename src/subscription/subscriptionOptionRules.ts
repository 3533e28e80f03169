import type { OptionRules } from '../options/optionRules.js'

/**
 * The rule book's rows of the subscription options (`SubscriptionMachineOptions`,
 * `ReconnectOptions`, `BackfillOptions` and the events client's `typeNameLimits`), with the
 * defaults documented where each is declared. Small and in the first load: `new ChainxClient`
 * checks `subscriptions` by it (`readGroup('subscriptions', ...)`), so a bad value fails at
 * construction, named as written; the subscription machine, a chunk of its own, reads its
 * options by the same rows.
 *
 * @example
 * readGroup('subscriptions', { heartbeatMs: -1 }, SUBSCRIPTION_OPTION_RULES) // throws: subscriptions.heartbeatMs must be ...
 */
export const SUBSCRIPTION_OPTION_RULES = {
  heartbeatMs: ['limit', 15_000],
  heartbeatTimeoutMs: ['limit', 10_000],
  connectTimeoutMs: ['limit', 10_000],
  callTimeoutMs: ['limit', 30_000],
  verifyIntervalMs: ['limit', 60_000],
  WebSocket: ['function'],
  onConnectionStart: ['function'],
  reconnect: ['group', { retries: ['count', 10, 0, true], baseDelayMs: ['wait', 500], maxDelayMs: ['cap', 30_000] }, true],
  // Finite: the bounds size the memory of recent keys.
  backfill: [
    'group',
    {
      onSubscribe: ['boolean', true],
      maxItems: ['count', 10_000, 1],
      pageSize: ['count', 50, 1],
      maxBufferedItems: ['count', 10_000, 1],
    },
    true,
  ],
  typeNameLimits: ['group', { maxTypeArgumentDepth: ['count', 16], maxTypeArgumentWidth: ['count', 32] }],
} as const satisfies OptionRules
