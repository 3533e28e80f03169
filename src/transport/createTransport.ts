import { abortError } from '../errors/request.js'
import { ChainxError, isChainxError } from '../errors/ChainxError.js'
import { ClientClosedError } from '../errors/ClientClosedError.js'
import { NetworkError } from '../errors/request.js'
import { readLimitMs, timerDelayMs } from '../options/optionRules.js'
import { failoverChunk } from './loadFailover.js'
import { checkHeaders } from './checkHeaders.js'
import { createRateLimiter, type RateLimiter, type RateLimiterSettings } from './createRateLimiter.js'
import type { EndpointAffinity, EndpointGroup } from './endpoints.js'
import { readTransportOptions, type TransportOptions } from './transportOptions.js'
import { selectHttp } from './selectHttp.js'
import { loadTelemetry } from './telemetry/loadTelemetry.js'
import type { AttemptRecord, CallTrace, ConnectionTrace, Telemetry, WalkTrace } from './telemetry/types.js'
import type { HttpResponse } from './types.js'
import { requestRetryPolicy, resolveRetryOptions } from './retryOptions.js'
import { withRetry } from '../utils/withRetry.js'
import type { Logger } from '../utils/logger.js'
import { redactUrl } from '../utils/redactUrl.js'

export type { HeadersOption, RequestInfo, ResponseInfo, TransportOptions } from './transportOptions.js'

/** One request through the transport. */
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

/** Sends requests with timeouts, retries, rate limiting and hooks. */
export interface Transport {
  request<T>(request: TransportRequest<T>): Promise<T>
  /** Refuses every later request with `CLIENT_CLOSED` and releases the connections the transport owns. */
  close?: (() => void) | undefined
  /** Starts watching one walk (its span, with telemetry). Undefined when telemetry is off. */
  onWalkStart?: (() => WalkTrace | undefined) | undefined
  /** Starts watching one subscription connection (its span, with telemetry). Undefined when telemetry is off. */
  onConnectionStart?: (() => ConnectionTrace | undefined) | undefined
  /** The `logger` option, for the subscriptions. */
  logger?: Logger | undefined
}

// A time limit by the option rules: `0` and `Infinity` mean none. The HttpFn takes 0 for none.
function attemptTimeoutMs(timeoutMs: unknown, fallback: number): number {
  return timerDelayMs(readLimitMs('timeoutMs', timeoutMs, fallback)) ?? 0
}

// Header names are case-insensitive: a later source's `Content-Type` replaces the default `content-type`.
function assignHeaders(headers: Record<string, string>, source: Record<string, string> | undefined) {
  for (const name in source) {
    const lower = name.toLowerCase()
    for (const existing in headers) if (existing !== name && existing.toLowerCase() === lower) delete headers[existing]
    headers[name] = source[name] as string
  }
  return headers
}

/** What tests tune beyond the public options: the rate limiter's clock and window. */
export interface TransportInternals {
  rateLimiter?: RateLimiterSettings | undefined
}

/** Creates the transport shared by the GraphQL and JSON-RPC clients. */
export function createTransport(options: TransportOptions = {}, internals: TransportInternals = {}): Transport {
  const http = selectHttp(options)
  const retry = resolveRetryOptions(options.retry)
  const defaultTimeoutMs = attemptTimeoutMs(options.timeoutMs, 30_000)
  const { maxResponseBytes, requestsPerMinute: limit } = readTransportOptions(options)
  const limiter = limit === undefined ? undefined : createRateLimiter(limit, internals.rateLimiter)
  const { headers: headersOption, onRequest, onResponse, logger } = options
  // Static headers are checked and merged once; a copy keeps later changes to the caller's object out.
  const baseHeaders = assignHeaders(
    { 'content-type': 'application/json' },
    typeof headersOption === 'object' ? checkHeaders(headersOption, 'headers') : undefined,
  )
  let closed = false

  // undefined: not looked for yet; null: off or not installed.
  let telemetry: Telemetry | null | undefined = options.telemetry === false ? null : undefined
  let findingTelemetry: Promise<void> | undefined
  const findTelemetry = () =>
    (findingTelemetry ??= loadTelemetry(options.telemetry || undefined, http.via).then(
      (found) => void (telemetry = found ?? null),
      (error: unknown) => {
        telemetry = null
        if (!isChainxError(error, 'CHUNK_LOAD_FAILED')) return
        // The telemetry chunk did not load: this call fails with it, and the next looks again.
        telemetry = findingTelemetry = undefined
        throw error
      },
    ))

  /** One attempt at `url`, its span's context (`traceHeaders`) sent along, filling `record`. */
  async function attempt<T>(
    request: TransportRequest<T>,
    url: string,
    slots: RateLimiter | undefined,
    timeoutMs: number,
    attemptNumber: number,
    record: AttemptRecord,
    traceHeaders?: Record<string, string>,
  ): Promise<T> {
    const { body, signal } = request
    // A retry after close() is refused like a new request (not retryable: the loop ends).
    if (closed) throw new ClientClosedError()
    const release = slots && (await slots.acquire(signal))
    let sent = false
    let response: HttpResponse
    let started: number
    try {
      // A fresh object each attempt: onRequest may change it.
      const headers = { ...baseHeaders }
      if (typeof headersOption === 'function') assignHeaders(headers, checkHeaders(await headersOption(), 'the headers function'))
      assignHeaders(headers, request.headers)
      assignHeaders(headers, traceHeaders)
      if (onRequest) {
        await onRequest({ url, headers, body, attempt: attemptNumber })
        checkHeaders(headers, 'onRequest')
      }
      // The signal may have aborted while the limiter, the headers function or onRequest ran.
      if (signal?.aborted) throw abortError(signal.reason)
      started = Date.now()
      sent = true
      try {
        response = await http({ url, headers, body, signal, timeoutMs, maxResponseBytes })
      } catch (error) {
        throw error instanceof ChainxError ? error : new NetworkError({ url, cause: error })
      }
    } finally {
      release?.(sent)
    }
    const durationMs = Date.now() - started
    record.status = response.status
    record.durationMs = durationMs
    record.version = response.headers['x-chain-rpc-version']
    // Outside the try: an error of the hook or of `parse` is not a network fault.
    onResponse?.({ url, status: response.status, headers: response.headers, attempt: attemptNumber, durationMs })
    return request.parse(response, url)
  }

  function send<T>(request: TransportRequest<T>, timeoutMs: number, call?: CallTrace): Promise<T> {
    let previous: unknown
    const remember = (error: unknown) => {
      previous = error
      throw error
    }
    // One attempt, in its span when the call is traced; a retry or a failover is logged at `info`
    // first, with the error of the attempt before it.
    const tryAt = (url: string, slots: RateLimiter | undefined, n: number, failover: boolean, record: AttemptRecord = {}) => {
      if (logger?.info && n > 0) {
        const to = redactUrl(url)
        const after = isChainxError(previous) ? previous.code : 'an error'
        logger.info(`[chainx-sdk] ${failover ? 'failover' : 'retry'} ${n} to ${to} after ${after}`, {
          url: to,
          attempt: n,
          failover,
          error: previous,
        })
      }
      const sent = call
        ? call.attempt(url, n, failover, (headers, traced) => attempt(request, url, slots, timeoutMs, n, traced, headers), record)
        : attempt(request, url, slots, timeoutMs, n, record)
      return logger?.info ? sent.catch(remember) : sent
    }
    const group = request.endpoints
    if (!group || group.urls.length < 2) {
      return withRetry((n) => tryAt(request.url, limiter, n, false), requestRetryPolicy(retry, request.signal))
    }
    return failoverChunk.load().then((module) => {
      group.pool ??= new module.EndpointPool(group.kind, group.urls, {
        ...options.failover,
        rateLimit: limit,
        rateLimiter: internals.rateLimiter,
        onEndpointChange: options.onEndpointChange,
      })
      return module.sendWithFailover(group.pool, tryAt, retry, request.signal, request.affinity)
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
        // Telemetry with nothing registered to record or propagate costs the call nothing.
        return await (telemetry?.live()
          ? telemetry.call(request.body, request.url, (call) => send(request, timeoutMs, call))
          : send(request, timeoutMs))
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
          if (telemetry?.live() && !ended) walk ??= telemetry.walk()
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
