import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findMissingDocPaths } from './testing/findMissingDocPaths'

const root = fileURLToPath(new URL('..', import.meta.url))

const documents = [
  'README.md',
  'CONTRIBUTING.md',
  'bench/README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

describe('documents', () => {
  it.each(documents)('%s names only paths that exist', (document) => {
    const markdown = readFileSync(path.join(root, document), 'utf8')
    const folder = path.posix.dirname(document)
    const exists = (repoPath: string) =>
      ['', '.ts', '.tsx'].some((ext) => existsSync(path.join(root, repoPath + ext)))
    expect(findMissingDocPaths(markdown, exists, folder === '.' ? '' : folder)).toEqual([])
  })

  it.each(['README.md', 'docs/architecture.md'])('%s stays short enough to read in minutes', (document) => {
    expect(readFileSync(path.join(root, document)).length).toBeLessThanOrEqual(12 * 1024)
  })

  it('find backticked paths and links that are missing, and skip placeholders', () => {
    const markdown = [
      '`server/a.ts` and `server/gone.ts:12`, `web/features/<feature>/`, `server/x/*.ts`',
      '[doc](../docs/b.md) [site](https://example.com/server/x) [anchor](#server)',
      '`npm test`, `contracts/src/`',
    ].join('\n')
    const present = new Set(['server/a.ts', 'contracts/src'])
    expect(findMissingDocPaths(markdown, (p) => present.has(p), 'bench')).toEqual([
      'docs/b.md',
      'server/gone.ts',
    ])
  })
})
