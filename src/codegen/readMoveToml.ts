/** What the generator needs from `Move.toml`: the package name and the named addresses. */
export interface MoveManifest {
  name: string | undefined
  addresses: Map<string, string>
}

/**
 * Reads the `[package]` name and the `[addresses]` table of a `Move.toml` (other tables, such
 * as `[dependencies]`, are not needed and are skipped).
 *
 * @example
 * readMoveToml('[package]\nname = "demo"\n[addresses]\ndemo = "0x0"').addresses.get('demo') // '0x0'
 */
export function readMoveToml(text: string): MoveManifest {
  const manifest: MoveManifest = { name: undefined, addresses: new Map() }
  let section = ''
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim()
    const header = /^\[([^\]]+)\]$/.exec(line)
    if (header) {
      section = (header[1] as string).trim()
      continue
    }
    const entry = /^([A-Za-z0-9_-]+)\s*=\s*"([^"]*)"/.exec(line)
    if (!entry) continue
    const [, key, value] = entry as unknown as [string, string, string]
    if (section === 'package' && key === 'name') manifest.name = value
    else if (section === 'addresses') manifest.addresses.set(key, value)
  }
  return manifest
}
