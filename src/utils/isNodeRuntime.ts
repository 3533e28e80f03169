interface RuntimeGlobals {
  process?: { versions?: { node?: unknown; bun?: unknown; deno?: unknown } }
  navigator?: { userAgent?: unknown }
  window?: unknown
  Bun?: unknown
  Deno?: unknown
  EdgeRuntime?: unknown
}

/**
 * Whether the code runs in Node.js itself: Bun, Deno and edge runtimes set `process.versions.node` too, so their globals and
 * `navigator.userAgent` (absent in Node 20, `Node.js/<major>` since 21) tell them apart.
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
