import { tmpdir } from 'node:os'
import path from 'node:path'

/** Where test files share the devnet snapshot (deployed once per devnet version, then loaded in seconds). */
export const sharedDevnetDataDir = path.join(tmpdir(), 'tributary-devnet-cache')
