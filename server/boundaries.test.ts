import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findBoundaryViolations } from './testing/findBoundaryViolations'
import { findImportCycles } from './testing/findImportCycles'

const root = fileURLToPath(new URL('..', import.meta.url))

function readSources(): Map<string, string> {
  const sources = new Map<string, string>()
  for (const folder of ['server', 'devnet', 'scripts', 'web']) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry)) continue
      const file = `${folder}/${entry.split(path.sep).join('/')}`
      sources.set(file, readFileSync(path.join(root, file), 'utf8'))
    }
  }
  return sources
}

describe('module boundaries', () => {
  it('hold in the repository', () => {
    expect(findBoundaryViolations(readSources())).toEqual([])
  })

  it('leave ports to the allocator: no test names a fixed port', () => {
    const fixedPort = /\b(?:port|portBase|[A-Z_]*PORT[A-Z_]*)\s*[:=]\s*[1-9][0-9_]{3,}\b/
    const testFiles = ['server', 'devnet', 'scripts', 'contracts', 'bench'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((entry) => /\.test\.ts$|^test\/.*\.ts$/.test(entry.split(path.sep).join('/')))
        .map((entry) => `${folder}/${entry.split(path.sep).join('/')}`),
    )
    // config.test.ts parses PORT settings and listens on none
    const listening = testFiles.filter((file) => file !== 'server/config.test.ts')
    const offenders = listening.filter((file) => fixedPort.test(readFileSync(path.join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('leave no import cycle in the server, the devnet or the web app', () => {
    expect(findImportCycles(readSources())).toEqual([])
  })

  it('find every cycle of run-time imports, and none through type-only imports', () => {
    const sources = new Map([
      ['server/a.ts', "import { b } from './b'\nexport const a = b"],
      ['server/b.ts', "import { c } from './c'\nexport const b = c"],
      ['server/c.ts', "export { a } from './a'\nexport const c = 1"],
      ['server/d.ts', "import type { E } from './e'\nexport type D = E"],
      ['server/e.ts', "import { d } from './d'\nexport type E = typeof d"],
      ['server/f.ts', "export const f = () => import('./f')"],
      ['server/g.ts', "import { a } from './a'\nexport const g = a"],
    ])
    expect(findImportCycles(sources)).toEqual([
      ['server/a.ts', 'server/b.ts', 'server/c.ts'],
      ['server/f.ts'],
    ])
  })

  it('flag pure code that reaches I/O, directly or through an import', () => {
    const sources = new Map([
      ['server/routing/findX.ts', "import { helper } from './helper'\nexport const x = helper"],
      ['server/routing/helper.ts', "import { readFile } from 'node:fs'\nexport const helper = readFile"],
      ['server/routing/clock.ts', 'export const now = () => Date.now()'],
      [
        'server/routing/net.ts',
        "import { createPublicClient, getAddress } from 'viem'\nexport { createPublicClient, getAddress }",
      ],
      ['server/routing/logs.ts', "import { createLogger } from '../logger'\nexport const l = createLogger"],
      ['server/routing/get.ts', 'export const get = (u: string) => fetch(u)'],
      ['server/routing/types.ts', "import type { Store } from '../store/createStore'\nexport type S = Store"],
      ['server/logger.ts', 'export const createLogger = () => 1'],
      ['server/store/createStore.ts', 'export type Store = number'],
    ])
    expect(findBoundaryViolations(sources).map((v) => [v.file, v.message])).toEqual(
      expect.arrayContaining([
        ['server/routing/helper.ts', 'pure code imports node:fs'],
        ['server/routing/clock.ts', 'pure code uses the global `Date.now`'],
        ['server/routing/net.ts', "pure code imports viem's createPublicClient"],
        ['server/routing/logs.ts', 'pure code imports server/logger.ts'],
        ['server/routing/get.ts', 'pure code uses the global `fetch`'],
      ]),
    )
    expect(findBoundaryViolations(sources)).toHaveLength(5)
  })

  it('flag product code of the server importing the devnet, and nothing else', () => {
    const sources = new Map([
      ['devnet/startDevnet.ts', 'export const startDevnet = () => 1\nexport type Devnet = number'],
      [
        'server/index.ts',
        "import { startDevnet } from '../devnet/startDevnet'\nexport const s = startDevnet",
      ],
      ['server/app.ts', "import type { Devnet } from '../devnet/startDevnet'\nexport type A = Devnet"],
      [
        'server/app.test.ts',
        "import { startDevnet } from '../devnet/startDevnet'\nexport const t = startDevnet",
      ],
      [
        'server/testing/harness.ts',
        "import { startDevnet } from '../../devnet/startDevnet'\nexport const h = 1",
      ],
      ['devnet/profile.ts', "import { createApp } from '../server/app'\nexport const p = createApp"],
    ])
    expect(findBoundaryViolations(sources).map((v) => [v.file, v.rule])).toEqual([
      ['server/index.ts', 'server-imports-devnet'],
      ['server/app.ts', 'server-imports-devnet'],
    ])
  })

  it('flag the web app importing server code at run time, feature internals and features in components', () => {
    const sources = new Map([
      ['server/app.ts', 'export const createApp = () => 1'],
      [
        'web/lib/api.ts',
        "import type { AppType } from '../../server/app'\nimport { createApp } from '../../server/app'",
      ],
      ['web/features/swap/index.ts', "export { SwapCard } from './SwapCard'"],
      ['web/features/swap/SwapCard.tsx', 'export const SwapCard = () => null'],
      [
        'web/features/history/index.ts',
        "import { SwapCard } from '../swap/SwapCard'\nimport { SwapCard as S } from '../swap'",
      ],
      ['web/components/Header.tsx', "import { SwapCard } from '../features/swap'"],
    ])
    expect(findBoundaryViolations(sources).map((v) => [v.file, v.rule])).toEqual([
      ['web/lib/api.ts', 'web-imports-server'],
      ['web/features/history/index.ts', 'feature-internals'],
      ['web/components/Header.tsx', 'component-imports-feature'],
    ])
  })
})
