/**
 * A command line the `chainx` bin refuses before any request: an unknown flag, a value that
 * does not parse, a filter the SDK refuses locally, a state file that belongs to another
 * export. The bin prints its message on one line and exits with 2.
 *
 * @example
 * throw new UsageError('--page-size must be a positive integer, got 0')
 */
export class UsageError extends Error {
  override name = 'UsageError'
}
