/**
 * What the `chainx` bin refuses, printed on one line: bad usage, before any request (an unknown
 * flag, a value that does not parse, a filter the SDK refuses, another export's state file), exits
 * 2; a `--state` file in use by another run exits 75 (sysexits' EX_TEMPFAIL: try again later).
 */
export class UsageError extends Error {
  override name = 'UsageError'
  readonly exitCode: 2 | 75

  constructor(message: string, exitCode: 2 | 75 = 2) {
    super(message)
    this.exitCode = exitCode
  }
}
