import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { anchorsOf, documentationFiles, linksOf, relativeTarget, resolveFrom, root } from './markdownDocs.js'

// Every relative link in README.md and docs/**/*.md names a file or folder of the repository,
// and a #heading anchor into a Markdown file names a heading there (GitHub's slugs, via
// github-slugger, duplicates numbered). Absolute URLs are not fetched (no network in tests).

/** The broken relative links of the documentation, each as `file: href (why)`. */
function brokenLinks(files: readonly string[]): string[] {
  const anchors = new Map<string, Set<string>>()
  const anchorsIn = (file: string) => anchors.get(file) ?? anchors.set(file, anchorsOf(file)).get(file)!
  const broken: string[] = []
  for (const { file, href } of files.flatMap(linksOf)) {
    const target = relativeTarget(href)
    if (!target) continue
    const path = resolveFrom(file, target.path)
    if (path.startsWith('..') || !existsSync(join(root, path))) {
      broken.push(`${file}: ${href} (no file ${path})`)
      continue
    }
    if (target.anchor === undefined || target.anchor === '' || !path.endsWith('.md') || statSync(join(root, path)).isDirectory()) continue
    if (!anchorsIn(path).has(target.anchor)) broken.push(`${file}: ${href} (no heading #${target.anchor} in ${path})`)
  }
  return broken
}

describe('links in README.md and docs/', () => {
  it('every relative link points at a file that exists, and every #anchor at a heading', () => {
    expect(brokenLinks(documentationFiles())).toEqual([])
  })

  it('finds the guides and their links', () => {
    const files = documentationFiles()
    expect(files[0]).toBe('README.md')
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThan(0)
    expect(files.flatMap(linksOf).filter(({ href }) => relativeTarget(href)).length).toBeGreaterThan(0)
  })

  it('reports a missing file, a missing heading and a relative path outside the repository', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs')
    const dir = mkdtempSync(join(root, 'docs', '.links-check-'))
    const name = dir.slice(root.length)
    try {
      writeFileSync(
        join(dir, 'a.md'),
        [
          '# Title `code` here',
          '## Same',
          '## Same',
          '[ok](#title-code-here) [ok](#same-1) [ok](../../README.md#install) [ok](https://example.com/x#y)',
          '[bad](#nope) [bad](./missing.md) [bad](../../README.md#no-such-heading) [bad](../../../outside.md)',
          '`[in code](./ignored.md)`',
          '```md',
          '[in a block](./ignored.md)',
          '```',
        ].join('\n'),
      )
      expect(brokenLinks([`${name}/a.md`])).toEqual([
        `${name}/a.md: #nope (no heading #nope in ${name}/a.md)`,
        `${name}/a.md: ./missing.md (no file ${name}/missing.md)`,
        `${name}/a.md: ../../README.md#no-such-heading (no heading #no-such-heading in README.md)`,
        `${name}/a.md: ../../../outside.md (no file ../outside.md)`,
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
