import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { getPgliteTemplateDir } from './getPgliteTemplateDir'

/**
 * Test support: makes `dbDir` (a `<dataDir>/db` that must not exist yet) a copy of the shared migrated, empty
 * PGlite database (see `getPgliteTemplateDir`), in well under a second instead of an initdb of 3-15 s.
 */
export async function copyPgliteTemplate(dbDir: string): Promise<void> {
  // cp(1): a third of the time of node's fs.cp on the template's thousand small files
  await promisify(execFile)('cp', ['-R', await getPgliteTemplateDir(), dbDir])
}
