import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentationFiles, installLists, matchesOutput, root, runnableExamples } from './markdownDocs.js'

// The guides as a new user meets them: each guide with ```ts run blocks gets a fresh project in
// the OS temp dir (outside the repository, so no import can fall back to its node_modules), with
// the packed SDK (`npm pack` of the built package, once) and exactly the packages the install
// lists name: README.md's Install section (its first ```sh block), which every guide builds on,
// plus the guide's own ```sh `npm install …` blocks. A bare name installs the version this repository's lockfile pins
// (what the registry snapshot and the npm cache have). Guides with the same list share one
// project. Each block then runs there with tsx (the repository's, as the runner only) and its
// output is compared as test/docs/markdownExamples.test.ts compares it. A guide whose install
// list misses a package its blocks import fails here with "Cannot find package".
// Blocks that import `../examples/move/events.js` use code the guides say to generate first with
// `npx chainx codegen-move examples/move --address 0xc4a1 --out examples/move/events.ts`: the
// project gets the Move package (examples/move/Move.toml and sources/) and runs that command with
// its own installed bin, as a user would; the blocks sit in snippets/ so that path resolves.
// Every block runs this way: none needs the repository.
const run = promisify(execFile)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> }
const scratch = mkdtempSync(join(tmpdir(), 'chainx-docs-'))
let tarball = ''

const files = documentationFiles().filter((file) => runnableExamples(file).length > 0)
const base = installLists('README.md')[0] ?? []
const packagesOf = (file: string) => [...new Set([...base, ...installLists(file).flat()])].sort()
const GENERATED_IMPORT = "'../examples/move/events.js'"
const groups = new Map<string, string[]>()
for (const file of files) {
  const key = packagesOf(file).join(' ')
  groups.set(key, [...(groups.get(key) ?? []), file])
}

const spec = (name: string): string => {
  if (name === 'chainx-sdk') return tarball
  if (name.lastIndexOf('@') > 0) return name // a range the guide names
  const version = lock.packages[`node_modules/${name}`]?.version
  return version === undefined ? name : `${name}@${version}`
}

// One project per install list, installed in parallel on first use.
const projects = new Map<string, Promise<string>>()
const projectFor = (file: string): Promise<string> => {
  const key = packagesOf(file).join(' ')
  let project = projects.get(key)
  if (!project) {
    const dir = join(scratch, `project-${projects.size + 1}`)
    mkdirSync(dir)
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'docs-scratch', private: true, type: 'module' }))
    project = run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packagesOf(file).map(spec)], {
      cwd: dir,
      timeout: 240_000,
    }).then(async () => {
      mkdirSync(join(dir, 'snippets'))
      const group = groups.get(key) ?? []
      if (!group.some((guide) => runnableExamples(guide).some(({ code }) => code.includes(GENERATED_IMPORT)))) return dir
      cpSync(join(root, 'examples/move/Move.toml'), join(dir, 'examples/move/Move.toml'))
      cpSync(join(root, 'examples/move/sources'), join(dir, 'examples/move/sources'), { recursive: true })
      const args = ['codegen-move', 'examples/move', '--address', '0xc4a1', '--out', 'examples/move/events.ts']
      await run(join(dir, 'node_modules/.bin/chainx'), args, { cwd: dir, timeout: 60_000 })
      return dir
    })
    projects.set(key, project)
  }
  return project
}

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)')
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], { cwd: root, timeout: 60_000 })
  tarball = join(scratch, (JSON.parse(stdout) as [{ filename: string }])[0].filename)
  for (const file of files) void projectFor(file).catch(() => undefined) // start every install now; tests await theirs
}, 60_000)
// Removing a dozen installed projects takes a while on a busy machine.
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 180_000)

describe('every guide runs in a fresh project with only what its install lists name', () => {
  it('reads the Install section of README.md and groups the guides by install list', () => {
    expect(base).toEqual(['chainx-sdk', 'graphql', '@mysten/bcs'])
    expect(files).toContain('README.md')
    expect(groups.size).toBeGreaterThan(1)
    expect(groups.size).toBeLessThan(files.length)
  })

  for (const file of files) {
    describe(`${file} (npm install ${packagesOf(file).join(' ')})`, () => {
      for (const example of runnableExamples(file)) {
        it(`example ${example.index} prints what the guide says`, async () => {
          const dir = await projectFor(file)
          const path = join(dir, 'snippets', `${file.replace(/\.md$/, '').replace(/[^\w-]/g, '_')}-${example.index}.ts`)
          writeFileSync(path, example.code)
          const result = await run(join(root, 'node_modules/.bin/tsx'), [path], { cwd: dir, timeout: 100_000 }).catch(
            (error: { stdout: string; stderr: string }) => error,
          )
          const lines = result.stdout.trimEnd().split('\n')
          const expected = example.output ?? []
          expect(matchesOutput(lines, expected), `printed:\n${result.stdout}${result.stderr}\n${file} says:\n${expected.join('\n')}`).toBe(
            true,
          )
        }, 300_000)
      }
    })
  }
})
