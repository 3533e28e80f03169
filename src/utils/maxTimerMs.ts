/** The longest delay a timer takes: `setTimeout` fires at once (Node: after 1 ms) for any delay above 2^31-1 ms, about 24.8 days. */
export const MAX_TIMER_MS = 2 ** 31 - 1
