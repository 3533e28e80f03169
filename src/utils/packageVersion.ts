// Replaced at build time by the version in package.json (tsup's and vitest's `define`): no file
// is read at run time. Undefined where the source runs unbuilt outside vitest (tsx scripts).
declare const __CHAINX_SDK_VERSION__: string | undefined

/** The version of chainx-sdk from package.json at build time; undefined when the source runs unbuilt. */
export const PACKAGE_VERSION: string | undefined = typeof __CHAINX_SDK_VERSION__ === 'string' ? __CHAINX_SDK_VERSION__ : undefined
