import { describe, expect, it } from 'vitest'
import { parseServiceVersion } from '../../src/utils/serviceVersion.js'

describe('parseServiceVersion (spec 9.1: x-chain-rpc-version)', () => {
  it('reads <year>.<minor>.<patch> with an optional build suffix, and nothing else', () => {
    expect(parseServiceVersion('2024.1.0')).toEqual({ raw: '2024.1.0', year: 2024, minor: 1, patch: 0 })
    expect(parseServiceVersion(' 2025.3.12-abc123 ')).toEqual({ raw: '2025.3.12-abc123', year: 2025, minor: 3, patch: 12 })
    for (const header of [undefined, null, '', ' ', '2024.1', 'v2024.1.0', '24.1.0', '2024.1.0x']) {
      expect(parseServiceVersion(header)).toBeUndefined()
    }
  })

  it('gives every caller its own object, whatever header came before', () => {
    const first = parseServiceVersion('2025.3.0')!
    first.patch = 99
    expect(parseServiceVersion('2025.3.0')).toEqual({ raw: '2025.3.0', year: 2025, minor: 3, patch: 0 })
    expect(parseServiceVersion('2025.3.0')).not.toBe(parseServiceVersion('2025.3.0'))
    // Alternating headers (two services behind one client) each read as they are.
    for (const [header, minor] of [
      ['2025.4.1', 4],
      ['2025.3.0', 3],
      [undefined, undefined],
      ['2025.4.1', 4],
    ] as const) {
      expect(parseServiceVersion(header)?.minor).toBe(minor)
    }
  })
})
