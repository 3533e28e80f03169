import { ALL_FAULT_KINDS, faultApplies, type FaultEndpoint, type MockFaultKind } from './faultKinds.js'

/** A fault mode that serves `value` for the next `remaining` requests to `endpoint`. */
export interface CountedMode<T> {
  remaining: number
  endpoint: FaultEndpoint | undefined
  value: T
}

/** Rejects a count that is not a number >= 0 (Infinity allowed), naming the method. */
export function checkCount(count: number, method: string): void {
  if (!(count >= 0)) throw new RangeError(`${method}: count must be a number >= 0 (Infinity for no end), got ${count}`)
}

/** A count of zero for every fault kind. */
export function zeroFaultCounts(): Record<MockFaultKind, number> {
  return Object.fromEntries(ALL_FAULT_KINDS.map((kind) => [kind, 0])) as Record<MockFaultKind, number>
}

/** Uses up one request of `mode` when it applies to `endpoint`; returns the mode then. */
export function takeCountedMode<T>(mode: CountedMode<T> | undefined, endpoint: FaultEndpoint): CountedMode<T> | undefined {
  if (!mode || mode.remaining <= 0 || !faultApplies(mode.endpoint, endpoint)) return undefined
  mode.remaining--
  return mode
}
