interface RuntimeGlobals {
  process?: { versions?: { node?: unknown; bun?: unknown; deno?: unknown } }
  navigator?: { userAgent?: unknown }
  window?: unknown
  Bun?: unknown
  Deno?: unknown
  EdgeRuntime?: unknown
}

/**
 * Tells whether the code runs in Node.js itself. `process.versions.node` alone does not say so:
 * Bun and Deno set it for compatibility, and edge runtimes may too. So: Node's version is set,
 * no Bun, Deno, `window` or `EdgeRuntime` (Vercel's edge) is present, and `navigator.userAgent`
 * is absent (Node 20) or `Node.js/<major>` (Node 21+; Bun, Deno and Cloudflare Workers each
 * answer their own name there).
 *
 * @example
 * isNodeRuntime() // true under node, false under bun, deno, workerd and in browsers
 */
export function isNodeRuntime(): boolean {
  const g = globalThis as RuntimeGlobals
  const versions = g.process?.versions
  if (typeof versions?.node !== 'string') return false
  if (versions.bun !== undefined || versions.deno !== undefined) return false
  if (g.Bun !== undefined || g.Deno !== undefined || g.window !== undefined || g.EdgeRuntime !== undefined) return false
  const agent = g.navigator?.userAgent
  return agent === undefined || (typeof agent === 'string' && agent.startsWith('Node.js/'))
}
