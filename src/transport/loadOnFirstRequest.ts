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
  const http: HttpFn = (request) => {
    if (loaded) return loaded(request)
    loading ??= load().then((loadedHttp) => (loaded = loadedHttp))
    return loading.then((send) => send(request))
  }
  // Closes the loaded one, or the one still loading once it is (a request waiting for it is busy).
  http.close = () => {
    if (loaded) return loaded.close?.()
    void loading?.then((send) => send.close?.(), () => undefined)
  }
  return http
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
