import type { HttpFn } from './types.js'

/**
 * An HttpFn that loads the real one with the first request: the Node transports are chunks of
 * their own, so browser bundles never carry them.
 *
 * @example
 * const http = loadOnFirstRequest(() => import('./socketHttp.js').then((module) => module.createSocketHttp()))
 */
export function loadOnFirstRequest(load: () => Promise<HttpFn>): HttpFn {
  let loaded: HttpFn | undefined
  let loading: Promise<HttpFn> | undefined
  return (request) => {
    if (loaded) return loaded(request)
    loading ??= load().then((http) => (loaded = http))
    return loading.then((send) => send(request))
  }
}

/**
 * The node:http transport, loaded with the first request.
 *
 * @example
 * const http = loadNodeHttp() // what transport 'node-http' sends with
 */
export function loadNodeHttp(): HttpFn {
  return loadOnFirstRequest(() => import('./nodeHttp.js').then((module) => module.createNodeHttp()))
}

/**
 * A Node built-in module's CommonJS object (on which instrumentation patches `request`), by a
 * computed specifier so that browser bundlers never try to resolve it.
 *
 * @example
 * const net = await importNodeBuiltin<typeof import('node:net')>('net')
 */
export async function importNodeBuiltin<T>(name: string): Promise<T> {
  const prefix = 'node:'
  return ((await import(/* @vite-ignore */ `${prefix}${name}`)) as { default: T }).default
}
