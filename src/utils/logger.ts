/** One level of a `Logger`: a message, then structured details (Octokit's `log` shape). */
export type LogMethod = (message: string, details?: Record<string, unknown>) => void

/**
 * Where the client reports what it handles on its own (Octokit-shaped: `console`, pino, winston fit; each level optional).
 * Messages start `[chainx-sdk]` and name no credential; `details` holds the endpoint, the attempt and the error.
 *
 * @example
 * new ChainxClient({ graphqlUrl, logger: console }) // retries and reconnects too
 * new ChainxClient({ graphqlUrl, logger: { warn: () => {}, error: (message, details) => pino.error(details, message) } })
 */
export interface Logger {
  /** @default silent */
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

/** Fills in the levels a `Logger` leaves out (console's read when called); the given ones are called on the logger (`this`). */
export function resolveLogger(logger: Logger | undefined): ResolvedLogger {
  return {
    debug: logger?.debug?.bind(logger) ?? silent,
    info: logger?.info?.bind(logger) ?? silent,
    warn: logger?.warn?.bind(logger) ?? ((message, details) => console.warn(message, ...(details ? [details] : []))),
    error: logger?.error?.bind(logger) ?? ((message, details) => console.error(message, ...(details ? [details] : []))),
  }
}
