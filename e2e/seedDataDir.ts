import { seedDevnetSnapshot } from '../server/testing/seedDevnetSnapshot'

// Run by playwright.config.ts before `npm start`: in CI the unit tests have just deployed the devnet into their
// shared cache, so the e2e server loads that snapshot instead of deploying every chain a second time.
const dataDir = process.argv[2]
if (dataDir === undefined) throw new Error('usage: npx tsx e2e/seedDataDir.ts <DATA_DIR>')
if (await seedDevnetSnapshot(dataDir)) console.log(`seeded ${dataDir} with the shared devnet snapshot`)
