/** One level of a `Logger`: a message, then structured details (Octokit's `log` shape). */
export type LogMethod = (message: string, details?: Record<string, unknown>) => void

/**
 * Where the client reports what it handles on its own: retries, failovers to another endpoint,
 * subscription reconnects (`info`); a subscription connection that gave up (`warn`); errors of
 * a subscription that has no `onError` (`error`). Octokit-shaped (`console` and pino, winston
 * or bunyan loggers fit): each level optional; a level not given keeps its default, silent
 * for `debug` and `info`, `console.warn` and `console.error` for `warn` and `error`. Messages
 * start `[chainx-sdk]` and name no credential (URLs redacted as in errors); `details` holds
 * the endpoint, the attempt and the error.
 *
 * @example
 * new ChainxClient({ graphqlUrl, logger: console }) // retries and reconnects too
 * new ChainxClient({ graphqlUrl, logger: { warn: () => {}, error: (message, details) => pino.error(details, message) } })
 */
export interface Logger {
  /**
   * @default silent
   */
  debug?: LogMethod | undefined
  /**
   * Retries, failovers, subscription connections lost and reconnecting.
   * @default silent
   */
  info?: LogMethod | undefined
  /**
   * A subscription connection that gave up reconnecting.
   * @default console.warn
   */
  warn?: LogMethod | undefined
  /**
   * Errors of a subscription without `onError`.
   * @default console.error
   */
  error?: LogMethod | undefined
}

/** A `Logger` with every level set (the defaults filled in). */
export type ResolvedLogger = { [Level in keyof Logger]-?: LogMethod }

const silent: LogMethod = () => undefined

/**
 * Fills in the levels a `Logger` leaves out: silent `debug` and `info`, `console.warn` and
 * `console.error` (read when called, so a test's spy on them sees the calls). The given ones
 * are called on the logger (`this`), as pino's and winston's methods need.
 *
 * @example
 * resolveLogger({ info: console.info }).warn('[chainx-sdk] ...') // console.warn
 */
export function resolveLogger(logger: Logger | undefined): ResolvedLogger {
  return {
    debug: logger?.debug?.bind(logger) ?? silent,
    info: logger?.info?.bind(logger) ?? silent,
    warn: logger?.warn?.bind(logger) ?? ((message, details) => console.warn(message, ...(details ? [details] : []))),
    error: logger?.error?.bind(logger) ?? ((message, details) => console.error(message, ...(details ? [details] : []))),
  }
}
