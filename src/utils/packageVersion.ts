// Replaced at build time by the version in package.json (tsup's and vitest's `define`): no file
// is read at run time. Undefined where the source runs unbuilt outside vitest (tsx scripts).
declare const __CHAINX_SDK_VERSION__: string | undefined

/**
 * The version of chainx-sdk, as package.json had it when the package was built (the
 * OpenTelemetry tracer's and meter's version); undefined when the source runs unbuilt.
 *
 * @example
 * trace.getTracer('chainx-sdk', PACKAGE_VERSION)
 */
export const PACKAGE_VERSION: string | undefined = typeof __CHAINX_SDK_VERSION__ === 'string' ? __CHAINX_SDK_VERSION__ : undefined
