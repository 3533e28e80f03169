import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * A failure that is not one of the SDK's own, wrapped so that `onError` always receives a
 * `ChainxError`: a function you passed threw or rejected (`source` names it: `onEvent`,
 * `onTransaction`, `onStateChange`, `parse`), or something threw that the SDK did not expect
 * (`source` says where). The thrown value is the `cause`. Never retried.
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
  /** Always `'UNEXPECTED'`. */
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
