import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * A callback you passed (or a step of the SDK) threw: `source` names it, `cause` is what it threw. Never retried.
 *
 * @example
 * client.events.subscribe({
 *   filter: { Sender: '0xa11ce' },
 *   onEvent: () => { throw new Error('disk full') },
 *   onError: (error) => { if (error.code === 'UNEXPECTED') console.log(error.source, error.cause) }, // onEvent Error: disk full
 * })
 */
export class UnexpectedError extends ChainxError {
  override name = 'UnexpectedError'
  declare readonly code: 'UNEXPECTED'
  /** What threw: the callback's option name, or the SDK step. */
  readonly source: string
  constructor(args: ChainxErrorOptions & { source: string }) {
    super('UNEXPECTED', `${args.source} threw: ${describeThrown(args.cause)}`, args)
    this.source = args.source
  }
}

function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name
  try {
    return String(thrown)
  } catch {
    return 'a value that cannot be shown'
  }
}
