import { ChainxError, type ChainxErrorOptions } from './ChainxErrorBase.js'

/**
 * The indexer's database refused or lost the connection past the retries (`connectionLost`), or refused a statement of the indexer's.
 *
 * @example
 * if (error instanceof DatabaseError) console.log(error.database, error.cause) // postgres://indexer@db:5432/app
 */
export class DatabaseError extends ChainxError {
  override name = 'DatabaseError'
  declare readonly code: 'DATABASE'
  /** The database as the indexer names it: a URL without its password, a directory, or `memory://`. */
  readonly database: string
  /** Whether the connection was refused or lost (retried), rather than a statement refused (final). */
  readonly connectionLost: boolean
  constructor(args: ChainxErrorOptions & { message: string; database: string; connectionLost?: boolean | undefined }) {
    super('DATABASE', args.message, args)
    this.database = args.database
    this.connectionLost = args.connectionLost ?? false
  }
}
