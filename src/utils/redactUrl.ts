/** Query parameter names that carry credentials (`?api_key=`, `?token=`, `?sig=`...). */
const SECRET_PARAM = /key|token|secret|auth|pass|sig|session|credential/i

/**
 * The URL as an error or a log may show it: no user info, credential-looking query parameters `[redacted]`. A string that does
 * not parse loses everything before an `@` after the scheme, and the query.
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
