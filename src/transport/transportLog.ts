import { isChainxError } from '../errors/ChainxError.js'
import type { ResolvedLogger } from '../utils/logger.js'
import { redactUrl } from '../utils/redactUrl.js'
import type { ConnectionDetail, ConnectionTrace } from './telemetry/types.js'

/**
 * What the transport tells the `logger` option: retries and failovers of a call, and the steps
 * of a subscription connection (lost, reconnecting at `info`; given up at `warn`). URLs are
 * redacted as errors redact them; `details` carries the endpoint, the attempt and the error.
 *
 * @example
 * const log = transportLog(resolveLogger(console))
 * log.retry('https://rpc.example/graphql', 1, false, { url: 'https://rpc.example/graphql', error })
 */
export function transportLog(logger: ResolvedLogger) {
  return {
    /** Attempt `attempt` of a call goes to `url`, after `failure` (the last attempt's error). */
    retry(url: string, attempt: number, failover: boolean, failure: { url: string; error: unknown } | undefined): void {
      const code = isChainxError(failure?.error) ? failure.error.code : 'an error'
      const to = redactUrl(url)
      const message = failover
        ? `chainx-sdk: failover to ${to} after ${code} from ${failure ? redactUrl(failure.url) : 'another endpoint'}`
        : `chainx-sdk: retry ${attempt} to ${to} after ${code}`
      logger.info(message, { url: to, attempt, failover, error: failure?.error })
    },
    /** A step of a subscription connection. */
    connection(name: Parameters<ConnectionTrace['event']>[0], detail: ConnectionDetail = {}): void {
      const url = detail.url === undefined ? undefined : redactUrl(detail.url)
      const code = isChainxError(detail.error) ? detail.error.code : 'error'
      const details = { url, attempt: detail.attempt, delayMs: detail.delayMs, error: detail.error }
      if (name === 'lost') logger.info(`chainx-sdk: subscription connection lost (${code})`, details)
      else if (name === 'reconnecting') {
        logger.info(
          `chainx-sdk: subscription reconnecting to ${url} in ${Math.round(detail.delayMs ?? 0)} ms (attempt ${detail.attempt})`,
          details,
        )
      } else if (name === 'end' && detail.error !== undefined) logger.warn(`chainx-sdk: subscription connection gave up (${code})`, details)
    },
  }
}
