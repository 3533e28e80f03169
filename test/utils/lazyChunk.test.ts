import { describe, expect, it } from 'vitest'
import { ChunkLoadError } from '../../src/errors/ChunkLoadError.js'
import { isChainxError } from '../../src/errors/ChainxError.js'
import { lazyChunk } from '../../src/utils/lazyChunk.js'

describe('lazyChunk: the one loader of lazy chunks', () => {
  it('a failed import is CHUNK_LOAD_FAILED and the next call imports again; a loaded one is kept and shared', async () => {
    let imports = 0
    const chunk = lazyChunk(
      async () => {
        imports++
        if (imports === 1) throw new TypeError('Failed to fetch dynamically imported module')
        return { value: imports }
      },
      (cause) => new ChunkLoadError({ chunk: 'demo', cause }),
    )
    const failed = await chunk.load().catch((error: unknown) => error)
    expect(isChainxError(failed, 'CHUNK_LOAD_FAILED')).toBe(true)
    expect(failed).toMatchObject({ chunk: 'demo', message: expect.stringMatching(/chainx-sdk\/demo .*the next call tries again/) })
    expect(chunk.loaded()).toBeUndefined()
    const [a, b] = await Promise.all([chunk.load(), chunk.load()])
    expect(a).toBe(b)
    expect(chunk.loaded()).toBe(a)
    expect(imports).toBe(2)
  })
})
