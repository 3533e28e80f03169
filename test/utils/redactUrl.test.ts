import { describe, expect, it } from 'vitest'
import { redactUrl } from '../../src/utils/redactUrl.js'

describe('redactUrl', () => {
  it('drops user info and redacts key-like query parameters of a URL', () => {
    expect(redactUrl('https://me:pw@rpc.example/graphql?apiKey=abc&x=1')).toBe('https://rpc.example/graphql?apiKey=%5Bredacted%5D&x=1')
    expect(redactUrl('http://127.0.0.1:9000/graphql')).toBe('http://127.0.0.1:9000/graphql')
  })

  it.each([
    ['a port out of range', 'ws://alice:pw-SECRET@127.0.0.1:99999/?apiKey=key-SECRET', 'ws://127.0.0.1:99999/?[redacted]'],
    ['an unclosed IPv6 bracket', 'ws://alice:pw-SECRET@[::1/x?apiKey=key-SECRET', 'ws://[::1/x?[redacted]'],
    ['a slash in the password', 'ws://alice:pw/SECRET@host:99999/x', 'ws://host:99999/x'],
    ['two @ signs', 'ws://a:SECRET@b@host:99999/x', 'ws://host:99999/x'],
  ])('keeps no credential of a string that does not parse as a URL (%s)', (_, url, shown) => {
    expect(() => new URL(url)).toThrow()
    expect(redactUrl(url)).toBe(shown)
  })
})
