import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { SoakResult } from '../bench/soak/runSoak.js'

// The soak suite's short version (npm run soak -- --short) in a child process with --expose-gc:
// watch with a signal, subscribe through drops, a walk and clients closed in a loop, each failing
// when the second half grows the heap past the bound or sockets and handles stay open.

const root = fileURLToPath(new URL('..', import.meta.url))

describe('soak (short)', () => {
  it('every scenario keeps a flat heap and returns sockets and handles to their baseline', async () => {
    const { stdout, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', 'bench/soak/runSoak.ts', '--short'],
        { cwd: root, timeout: 110_000, maxBuffer: 1 << 20 },
        (_error, out, err) => resolve({ stdout: out, stderr: err, code: child.exitCode }),
      )
    })
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { results: SoakResult[] }
    expect(report.results.map((result) => result.scenario)).toEqual([
      'watch with a signal',
      'subscribe through drops',
      'long walk',
      'clients closed in a loop',
    ])
    for (const result of report.results) {
      expect({ scenario: result.scenario, failures: result.failures }).toEqual({ scenario: result.scenario, failures: [] })
      expect(result.heapMb.end - result.heapMb.middle).toBeLessThanOrEqual(0.5)
      if (result.sockets.before !== undefined) expect(result.sockets.after).toBeLessThanOrEqual(result.sockets.before)
    }
    expect(report.results.find((result) => result.scenario === 'watch with a signal')?.figures['events']).toBeGreaterThan(0)
    expect(report.results.find((result) => result.scenario === 'long walk')?.figures['items']).toBe(5_000)
    expect(code).toBe(0)
  }, 120_000)
})
