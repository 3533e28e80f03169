import { ChainxError, type ChainxErrorOptions } from './ChainxError.js'

/**
 * The indexer's database (`chainx-sdk/indexer`) failed: it refused the connection, lost it more
 * often than the retries allow, or refused a statement of the indexer's own (a handler's failure
 * is `UnexpectedError`). `database` names it without its password; a lost connection is
 * `retryable` (the indexer retries it with backoff before it reports it).
 *
 * @example
 * if (error instanceof DatabaseError) console.log(error.database, error.cause) // postgres://indexer@db:5432/app
 */
export class DatabaseError extends ChainxError {
  override name = 'DatabaseError'
  /** Always `'DATABASE'`. */
  declare readonly code: 'DATABASE'
  /** The database as the indexer names it: a URL without its password, a directory, or `memory://`. */
  readonly database: string
  constructor(args: ChainxErrorOptions & { message: string; database: string; retryable?: boolean | undefined }) {
    super('DATABASE', args.message, { ...args, retryable: args.retryable ?? false })
    this.database = args.database
  }
}
