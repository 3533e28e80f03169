import { abortError } from '../errors/request.js'
import { ChainxError, isChainxError } from '../errors/ChainxError.js'
import { ClientClosedError } from '../errors/ClientClosedError.js'
import { NetworkError } from '../errors/request.js'
import { readLimitMs, timerDelayMs } from '../options/optionRules.js'
import { failoverChunk } from './loadFailover.js'
import { checkHeaders } from './checkHeaders.js'
import { createRateLimiter, type RateLimiter, type RateLimiterSettings, type ReleaseSlot } from './createRateLimiter.js'
import type { EndpointAffinity, EndpointGroup } from './endpoints.js'
import type { AttemptRecord } from './failover/sendWithFailover.js'
import { readTransportOptions, type TransportOptions } from './transportOptions.js'
import { selectHttp } from './selectHttp.js'
import { loadTelemetry } from './telemetry/loadTelemetry.js'
import type { CallTrace, ConnectionTrace, Telemetry, WalkTrace } from './telemetry/types.js'
import type { HttpFn, HttpResponse } from './types.js'
import { requestRetryPolicy, resolveRetryOptions } from './retryOptions.js'
import { withRetry } from '../utils/withRetry.js'
import type { Logger } from '../utils/logger.js'
import { redactUrl } from '../utils/redactUrl.js'

export type { HeadersOption, RequestInfo, ResponseInfo, TransportOptions } from './transportOptions.js'

/**
 * One request through the transport.
 *
 * @example
 * const request: TransportRequest<number> = { url, body: '{}', parse: (response) => response.status }
 */
export interface TransportRequest<T> {
  /** The endpoint, or the preferred one of `endpoints`. */
  url: string
  /** Every endpoint the call may go to: several mean failover. */
  endpoints?: EndpointGroup | undefined
  /** Keeps the call on the endpoint of earlier calls (a walk), see `EndpointAffinity`. */
  affinity?: EndpointAffinity | undefined
  body: string
  headers?: Record<string, string> | undefined
  signal?: AbortSignal | undefined
  timeoutMs?: number | undefined
  /** Turns a response of `url` into a result, or throws a ChainxError (retryable ones are retried). */
  parse: (response: HttpResponse, url: string) => T
}

/**
 * Sends requests with timeouts, retries, rate limiting and hooks.
 *
 * @example
 * const transport: Transport = createTransport({ timeoutMs: 5_000 })
 */
export interface Transport {
  request<T>(request: TransportRequest<T>): Promise<T>
  /**
   * Refuses every later request and attempt with `CLIENT_CLOSED`, and releases the connections
   * the transport owns (idle ones at once, busy ones after their response).
   */
  close?: (() => void) | undefined
  /**
   * Starts watching one walk: with telemetry, its span, current while each page is fetched
   * (`run`) so the pages' call spans are its children. Undefined when telemetry is off.
   */
  onWalkStart?: (() => WalkTrace | undefined) | undefined
  /**
   * Starts watching one subscription connection (its reconnects included): with telemetry, its
   * span with an event per step. Undefined when telemetry is off.
   */
  onConnectionStart?: (() => ConnectionTrace | undefined) | undefined
  /** The `logger` option, for the subscriptions (which fill in its defaults). */
  logger?: Logger | undefined
}

// A time limit by the option rules: `0` and `Infinity` mean none. The HttpFn takes 0 for none.
function attemptTimeoutMs(timeoutMs: unknown, fallback: number): number {
  return timerDelayMs(readLimitMs('timeoutMs', timeoutMs, fallback)) ?? 0
}

// Header names are case-insensitive: a later source's `Content-Type` replaces the default
// `content-type` instead of going out beside it (twice on the wire, or joined by fetch).
function assignHeaders(headers: Record<string, string>, source: Record<string, string> | undefined) {
  for (const name in source) {
    const lower = name.toLowerCase()
    for (const existing in headers) if (existing !== name && existing.toLowerCase() === lower) delete headers[existing]
    headers[name] = source[name] as string
  }
}

export { DEFAULT_MAX_RESPONSE_BYTES } from './transportOptions.js'

/**
 * What tests and benchmarks tune beyond the public options.
 *
 * @example
 * createTransport({ rateLimit: 400 }, { rateLimiter: { windowMs: 200 } })
 */
export interface TransportInternals {
  /** Clock and window of the rate limiter. */
  rateLimiter?: RateLimiterSettings | undefined
}

/**
 * Creates the transport shared by the GraphQL and JSON-RPC clients.
 *
 * @example
 * const transport = createTransport({ timeoutMs: 10_000, retry: { retries: 2 } })
 * const text = await transport.request({ url, body: '{}', parse: (r) => r.body })
 */
export function createTransport(options: TransportOptions = {}, internals: TransportInternals = {}): Transport {
  const http: HttpFn = selectHttp(options)
  const retry = resolveRetryOptions(options.retry)
  const defaultTimeoutMs = attemptTimeoutMs(options.timeoutMs, 30_000)
  const { maxResponseBytes, requestsPerMinute: limit } = readTransportOptions(options)
  const limiter: RateLimiter | undefined = limit === undefined ? undefined : createRateLimiter(limit, internals.rateLimiter)
  const headersOption = options.headers
  // Static headers are checked once, here; a copy keeps later changes to the caller's object out.
  const staticHeaders =
    typeof headersOption === 'function' || headersOption === undefined ? undefined : { ...checkHeaders(headersOption, 'headers') }
  const { onRequest, onResponse } = options
  const { logger } = options
  let closed = false

  // undefined: not looked for yet; null: off or not installed.
  let telemetry: Telemetry | null | undefined = options.telemetry === false ? null : undefined
  let findingTelemetry: Promise<void> | undefined
  const findTelemetry = () =>
    (findingTelemetry ??= loadTelemetry(options.telemetry || undefined, http.via).then(
      (found) => {
        telemetry = found ?? null
      },
      (error: unknown) => {
        telemetry = null
        if (!isChainxError(error, 'CHUNK_LOAD_FAILED')) return
        // The telemetry chunk did not load: this call fails with it, and the next looks again.
        telemetry = undefined
        findingTelemetry = undefined
        throw error
      },
    ))

  // Retries and failovers are logged at `info`, silent unless the app gave one: then the error
  // of each call's last failed attempt is kept, to say what the next one follows.
  const failures = logger?.info ? new WeakMap<TransportRequest<unknown>, unknown>() : undefined

  /** One attempt, in its span when the call is traced; a retry or a failover is logged first. */
  function attempt<T>(
    request: TransportRequest<T>,
    url: string,
    slots: RateLimiter | undefined,
    timeoutMs: number,
    attemptNumber: number,
    call: CallTrace | undefined,
    record?: AttemptRecord,
    failover = false,
  ): Promise<T> {
    if (failures && attemptNumber > 0) {
      const to = redactUrl(url)
      const error = failures.get(request)
      const after = isChainxError(error) ? error.code : 'an error'
      logger?.info?.(`[chainx-sdk] ${failover ? 'failover' : 'retry'} ${attemptNumber} to ${to} after ${after}`, {
        url: to,
        attempt: attemptNumber,
        failover,
        error,
      })
    }
    const sent = call
      ? call.attempt(
          url,
          attemptNumber,
          failover,
          (traceHeaders, traced) => attemptOnce(request, url, slots, timeoutMs, attemptNumber, traced, traceHeaders),
          record,
        )
      : attemptOnce(request, url, slots, timeoutMs, attemptNumber, record)
    return failures ? sent.catch((error: unknown) => (failures.set(request, error), Promise.reject(error))) : sent
  }

  async function attemptOnce<T>(
    request: TransportRequest<T>,
    url: string,
    slots: RateLimiter | undefined,
    timeoutMs: number,
    attemptNumber: number,
    record?: AttemptRecord,
    traceHeaders?: Record<string, string>,
  ): Promise<T> {
    const { body, signal } = request
    // A retry after close() is refused like a new request (not retryable: the loop ends).
    if (closed) throw new ClientClosedError()
    // No limiter, no turn of the event loop waiting for one.
    const release: ReleaseSlot | undefined = slots && (await slots.acquire(signal))
    let sent = false
    let response: HttpResponse
    let started: number
    try {
      const extra = typeof headersOption === 'function' ? checkHeaders(await headersOption(), 'the headers function') : staticHeaders
      // A fresh object each attempt: onRequest may change it.
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      assignHeaders(headers, extra)
      assignHeaders(headers, request.headers)
      // The attempt's span context (traceparent), when traced.
      assignHeaders(headers, traceHeaders)
      if (onRequest) {
        await onRequest({ url, headers, body, attempt: attemptNumber })
        checkHeaders(headers, 'onRequest')
      }
      // The signal may have aborted while the limiter, the headers function or onRequest ran;
      // its 'abort' event is over by now, so the HttpFn would never hear it.
      if (signal?.aborted) throw abortError(signal.reason)
      started = Date.now()
      sent = true
      try {
        // The HttpFn enforces the time limit and the caller's signal, each in its cheapest way.
        response = await http({ url, headers, body, signal, timeoutMs, maxResponseBytes })
      } catch (error) {
        if (error instanceof ChainxError) throw error
        throw new NetworkError({ url, cause: error })
      }
    } finally {
      release?.(sent)
    }
    const durationMs = Date.now() - started
    if (record) {
      record.status = response.status
      record.durationMs = durationMs
      record.version = response.headers['x-chain-rpc-version']
    }
    // Outside the try: an error of the hook or of `parse` is not a network fault.
    onResponse?.({ url, status: response.status, headers: response.headers, attempt: attemptNumber, durationMs })
    return request.parse(response, url)
  }

  function sendWithFailover<T>(
    request: TransportRequest<T>,
    group: EndpointGroup,
    timeoutMs: number,
    call: CallTrace | undefined,
  ): Promise<T> {
    return failoverChunk.load().then((module) => {
      group.pool ??= new module.EndpointPool(group.kind, group.urls, {
        ...options.failover,
        rateLimit: limit,
        rateLimiter: internals.rateLimiter,
        onEndpointChange: options.onEndpointChange,
      })
      return module.sendWithFailover(
        group.pool,
        (url, slots, n, moved, record) => attempt(request, url, slots, timeoutMs, n, call, record, moved),
        retry,
        request.signal,
        request.affinity,
      )
    })
  }

  return {
    async request(request) {
      if (closed) throw new ClientClosedError()
      if (request.signal?.aborted) throw abortError(request.signal.reason)
      const timeoutMs = request.timeoutMs === undefined ? defaultTimeoutMs : attemptTimeoutMs(request.timeoutMs, 0)
      // Per-call headers are the same for every attempt: checked once.
      if (request.headers) checkHeaders(request.headers, "the call's headers")
      try {
        if (telemetry === undefined) await findTelemetry()
        const group = request.endpoints
        const send = (call?: CallTrace) =>
          group && group.urls.length > 1
            ? sendWithFailover(request, group, timeoutMs, call)
            : withRetry((n) => attempt(request, request.url, limiter, timeoutMs, n, call), requestRetryPolicy(retry, request.signal))
        return await (telemetry ? telemetry.call(request.body, request.url, send) : send())
      } catch (error) {
        if (error instanceof ChainxError) throw error
        // The signal aborted during a backoff or rate-limit wait; anything else (an error of
        // the headers function or a hook) is the caller's own and reaches them unchanged.
        if (request.signal?.aborted) throw abortError(request.signal.reason)
        throw error
      }
    },
    close() {
      closed = true
      http.close?.()
    },
    onWalkStart() {
      if (telemetry === null) return undefined
      // The span starts with the first page (telemetry is looked for then) and only if one is fetched.
      let walk: WalkTrace | undefined
      let ended = false
      return {
        async run(fetch) {
          if (telemetry === undefined) await findTelemetry()
          if (telemetry && !ended) walk ??= telemetry.walk()
          return walk ? walk.run(fetch) : fetch()
        },
        end(error) {
          ended = true
          walk?.end(error)
        },
      }
    },
    onConnectionStart() {
      if (telemetry === null) return undefined
      // Steps before telemetry is found are kept with their time and recorded once it is.
      const started = Date.now()
      let pending: Parameters<ConnectionTrace['event']>[] | undefined = []
      let trace: ConnectionTrace | undefined
      const found = () => {
        if (telemetry) trace = telemetry.connection(started)
        for (const step of pending ?? []) trace?.event(...step)
        pending = undefined
      }
      // A telemetry chunk that failed to load leaves this connection untraced.
      if (telemetry === undefined) void findTelemetry().then(found, () => (pending = undefined))
      else found()
      return {
        event(name, detail, time = Date.now()) {
          if (pending) pending.push([name, detail, time])
          else trace?.event(name, detail, time)
        },
      }
    },
    logger,
  }
}
