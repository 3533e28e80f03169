// An esbuild plugin (used by tsup.config.ts for the chainx-sdk/testing entries) that turns a
// missing optional peer dependency into an error saying which package to install, instead of
// the runtime's "Cannot find package" from deep inside dist/.
//
// Each import of a listed package is served by a small module that loads the real one and
// re-exports it: in the ESM build with a top-level `await import()` (a static import of a
// missing package fails while linking, before any code could explain it), in the CommonJS
// build with `require`. Both are wrapped in a try/catch that names the package.
import type { Plugin } from 'esbuild'

const NAMESPACE = 'chainx-optional-peer'

/** The error thrown where an optional peer is missing (a plain Error: it fires at import time). */
function missingPeerSource(format: 'esm' | 'cjs'): string {
  return `function missingPeer(name, feature, install, error) {
  const code = error && error.code
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return error
  if (!String(error.message).includes(name)) return error
  return new Error(\`\${feature} needs the optional peer dependency \${name}, which is not installed: \${install}\`, { cause: error })
}
${format === 'esm' ? 'export { missingPeer }' : 'module.exports = { missingPeer }'}`
}

/** The package an import names: `zod` for `zod/mini`, `@mysten/bcs` for `@mysten/bcs/x`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/**
 * @param features what needs them (e.g. `'chainx-sdk/testing'`) → its optional peers (package
 *   names; their subpaths, such as `zod/mini`, are served too); the message names the missing one
 *   and the command installing all of that feature's peers
 * @param runtimeFeatures the features an app needs at run time (`chainx-sdk/move`, which
 *   generated code imports): their command is `npm install`, the others' `npm install --save-dev`
 */
export function optionalPeers(features: Record<string, string[]>, runtimeFeatures: string[] = []): Plugin {
  const featureOf = new Map(Object.entries(features).flatMap(([feature, peers]) => peers.map((peer) => [peer, feature] as const)))
  const names = [...featureOf.keys()]
  const installOf = (feature: string) =>
    `npm install ${runtimeFeatures.includes(feature) ? '' : '--save-dev '}${(features[feature] as string[]).join(' ')}`
  return {
    name: 'chainx-optional-peers',
    setup(build) {
      // The format of the final output: tsup runs esbuild in ESM for both (and converts with
      // rollup afterwards), so esbuild's own format option does not tell; tsup's define does.
      const format = build.initialOptions.define?.TSUP_FORMAT === '"cjs"' ? 'cjs' : 'esm'
      const filter = new RegExp(`^(${names.map((name) => name.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&')).join('|')})(/.*)?$`)
      build.onResolve({ filter }, (args) =>
        args.namespace === NAMESPACE ? { path: args.path, external: true } : { path: args.path, namespace: NAMESPACE },
      )
      build.onResolve({ filter: /^missing-peer$/ }, () => ({ path: 'missing-peer', namespace: `${NAMESPACE}-helper` }))
      build.onLoad({ filter: /.*/, namespace: `${NAMESPACE}-helper` }, () => ({
        contents: missingPeerSource(format),
        loader: 'js',
      }))
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const name = args.path
        const feature = featureOf.get(packageOf(name)) as string
        const explain = [packageOf(name), feature, installOf(feature)].map((text) => JSON.stringify(text)).join(', ')
        if (format === 'cjs') {
          return {
            contents: `const { missingPeer } = require('missing-peer')
try { module.exports = require(${JSON.stringify(name)}) } catch (error) { throw missingPeer(${explain}, error) }`,
            loader: 'js',
          }
        }
        // The export names are read from the package installed at build time (a devDependency).
        const exported = Object.keys((await import(name)) as object).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key))
        return {
          contents: `import { missingPeer } from 'missing-peer'
let peer
try { peer = await import(${JSON.stringify(name)}) } catch (error) { throw missingPeer(${explain}, error) }
export const { ${exported.join(', ')} } = peer
export default peer.default`,
          loader: 'js',
        }
      })
    },
  }
}
