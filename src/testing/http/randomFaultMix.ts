import { createRandom, type Random } from '../ledger/createRandom.js'
import {
  TRANSIENT_FAULT_KINDS,
  faultApplies,
  type FaultAction,
  type FaultEndpoint,
  type FaultOptions,
  type TransientFaultKind,
} from './faultKinds.js'

/** Options of `randomFaults`. */
export interface RandomFaultOptions extends FaultOptions {
  /** Share of responses that are faults, from 0 (none) to 1 (all). */
  rate: number
  /**
   * Seed of the PRNG that decides which responses are faults and of which kind: the same
   * seed and the same requests give the same faults.
   * @default 1
   */
  seed?: number
  /**
   * The kinds to draw from. Kinds are dealt from a shuffled deck holding each once, so
   * every kind comes up equally often.
   * @default TRANSIENT_FAULT_KINDS (all nine)
   */
  kinds?: readonly TransientFaultKind[]
  /**
   * Delay of a `slow` response, in ms; make it longer than the client's `timeoutMs`.
   * @default 1_000
   */
  slowMs?: number
  /**
   * `Retry-After` of the 429 and 503 faults, in seconds (0 asks for no wait).
   * @default 0
   */
  retryAfterSeconds?: number
}

/** A random mix under way: its PRNG, its settings and the deck of kinds left to deal. */
export interface RandomMix {
  random: Random
  rate: number
  kinds: readonly TransientFaultKind[]
  deck: TransientFaultKind[]
  endpoint: FaultEndpoint | undefined
  slowMs: number
  retryAfterSeconds: number
}

function actionOf(kind: TransientFaultKind, mix: Pick<RandomMix, 'slowMs' | 'retryAfterSeconds'>): FaultAction {
  switch (kind) {
    case 'rateLimit':
    case 'rateLimitHtml':
    case 'rateLimitHtmlDate':
      return {
        kind: 'rateLimit',
        retryAfterSeconds: mix.retryAfterSeconds,
        html: kind !== 'rateLimit',
        retryAfterDate: kind === 'rateLimitHtmlDate',
      }
    case 'unavailable':
      return { kind: 'unavailable', retryAfterSeconds: mix.retryAfterSeconds }
    case 'reset':
    case 'resetMidBody':
      return { kind: 'reset', midBody: kind === 'resetMidBody' }
    case 'slow':
      return { kind: 'slow', delayMs: mix.slowMs }
    default:
      return { kind }
  }
}

/**
 * The mix `randomFaults(options)` sets up (undefined for `rate: 0`), after checking its rate
 * and kinds.
 */
export function createRandomMix(options: RandomFaultOptions): RandomMix | undefined {
  const { rate } = options
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`randomFaults: rate must be between 0 and 1, got ${rate}`)
  const kinds = options.kinds ?? TRANSIENT_FAULT_KINDS
  if (rate > 0 && kinds.length === 0) throw new RangeError('randomFaults: kinds must not be empty')
  if (rate === 0) return undefined
  return {
    random: createRandom(options.seed ?? 1),
    rate,
    kinds: [...kinds],
    deck: [],
    endpoint: options.endpoint,
    slowMs: options.slowMs ?? 1_000,
    retryAfterSeconds: options.retryAfterSeconds ?? 0,
  }
}

/**
 * Whether the mix makes this response to `endpoint` a fault, and which: kinds are dealt from a
 * deck shuffled afresh whenever it runs out, so each comes up equally often.
 */
export function drawRandomFault(mix: RandomMix | undefined, endpoint: FaultEndpoint | undefined): FaultAction | undefined {
  if (!mix || endpoint === undefined || !faultApplies(mix.endpoint, endpoint)) return undefined
  if (mix.random.next() >= mix.rate) return undefined
  if (mix.deck.length === 0) {
    mix.deck = [...mix.kinds]
    for (let i = mix.deck.length - 1; i > 0; i--) {
      const j = mix.random.int(i + 1)
      ;[mix.deck[i], mix.deck[j]] = [mix.deck[j] as TransientFaultKind, mix.deck[i] as TransientFaultKind]
    }
  }
  return actionOf(mix.deck.pop() as TransientFaultKind, mix)
}
