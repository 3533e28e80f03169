/**
 * The longest delay a timer takes: `setTimeout` fires at once (Node: after 1 ms) for any
 * delay above 2^31-1 ms, about 24.8 days.
 *
 * @example
 * if (delayMs > MAX_TIMER_MS) throw new InvalidArgumentError('delay too long for a timer')
 */
export const MAX_TIMER_MS = 2 ** 31 - 1
