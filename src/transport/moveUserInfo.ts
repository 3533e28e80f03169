/**
 * The URL without its user info (which fetch refuses), sent as `authorization: Basic` instead
 * (UTF-8, as node:http sends it) unless an `authorization` header is set.
 */
export function moveUserInfo(url: string, headers: Record<string, string>): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url)
  const { username, password } = parsed
  if (!username && !password) return { url, headers }
  parsed.username = parsed.password = ''
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) return { url: parsed.href, headers }
  // UTF-8 bytes, as node:http encodes its `auth` option.
  const userInfo = new TextEncoder().encode(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`)
  return { url: parsed.href, headers: { ...headers, authorization: `Basic ${btoa(String.fromCharCode(...userInfo))}` } }
}
