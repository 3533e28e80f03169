/** Query parameter names that carry credentials (`?api_key=`, `?token=`, `?sig=`...). */
const SECRET_PARAM = /key|token|secret|auth|pass|sig|session|credential/i

/**
 * The URL as it may be shown in an error message or a log: without a user name or password
 * and with credential-looking query parameters replaced by `[redacted]`. A string that does not
 * parse as a URL loses whatever could be credentials: everything before an `@` after the scheme,
 * and the whole query.
 *
 * @example
 * redactUrl('https://me:pw@rpc.example/graphql?apiKey=abc&x=1') // 'https://rpc.example/graphql?apiKey=%5Bredacted%5D&x=1'
 * redactUrl('ws://me:pw@rpc.example:99999/?apiKey=abc') // 'ws://rpc.example:99999/?[redacted]' (not a valid URL)
 */
export function redactUrl(url: string): string {
  // The common case, a plain endpoint, costs one scan and no URL parse.
  if (!url.includes('@') && !url.includes('?')) return url
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url.replace(/^([^:/?#]*:\/\/)[^?#]*@/, '$1').replace(/\?.*$/s, '?[redacted]')
  }
  parsed.username = ''
  parsed.password = ''
  for (const name of [...parsed.searchParams.keys()]) {
    if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, '[redacted]')
  }
  return parsed.href
}
