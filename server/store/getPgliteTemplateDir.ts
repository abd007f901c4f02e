import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createStore, migrationsFolder } from './createStore'

/** Where test files share migrated, empty PGlite directories (one per PGlite version and migration set). */
export const sharedPgliteTemplateRoot = path.join(tmpdir(), 'tributary-pglite-template')

let pending: Promise<string> | undefined

/**
 * Test support: the path of a PGlite database directory (what `createStore` keeps in `<dataDir>/db`) that
 * is migrated and empty, for tests to copy instead of creating a database of their own: PGlite's initdb
 * takes 3-15 s of CPU, a copy well under one. Built once for every test file and worker (keyed by the
 * PGlite version and the migration files, so a changed migration builds a new one) and never written to
 * after; a copy opened by `createStore` runs the migrations again, which finds nothing to apply.
 */
export function getPgliteTemplateDir(): Promise<string> {
  pending ??= buildTemplate().catch((error: unknown) => {
    pending = undefined
    throw error
  })
  return pending
}

async function buildTemplate(): Promise<string> {
  const templateDir = path.join(sharedPgliteTemplateRoot, await computeTemplateKey())
  const dbDir = path.join(templateDir, 'db')
  if (await isDirectory(dbDir)) return dbDir
  // built aside and renamed into place, so a worker never copies a half-written template
  const buildDir = `${templateDir}.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    await (await createStore({ dataDir: buildDir })).close()
    await rename(buildDir, templateDir).catch(async (error: unknown) => {
      // another worker renamed its build first: theirs is as good
      if (!(await isDirectory(dbDir))) throw error
    })
  } finally {
    await rm(buildDir, { recursive: true, force: true })
  }
  return dbDir
}

async function computeTemplateKey(): Promise<string> {
  const hash = createHash('sha256')
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const pglitePackage = path.join(pgliteEntry.slice(0, pgliteEntry.lastIndexOf('/dist/')), 'package.json')
  hash.update((JSON.parse(await readFile(pglitePackage, 'utf8')) as { version: string }).version)
  const files = await readdir(migrationsFolder, { recursive: true })
  for (const file of files.sort()) {
    const full = path.join(migrationsFolder, file)
    if (!(await stat(full)).isFile()) continue
    hash.update(file)
    hash.update(await readFile(full))
  }
  return hash.digest('hex').slice(0, 16)
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false
}
