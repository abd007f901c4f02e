import { parseArgs } from 'node:util'
import { DeployError } from '../contracts/deploy/DeployError'
import { runDeploy } from '../contracts/deploy/runDeploy'

/*
 * `npm run deploy -- --config <in.json> --out <out.json> [--owner 0x...] [--gasless-relayers 0x...,0x...]`:
 * deploys our contracts onto the chains of a network config whose third-party contracts exist, from the key in
 * DEPLOYER_KEY, and writes the config with their addresses (contracts/deploy/runDeploy.ts; docs/operating.md).
 * Exit code 1 with one line on a DeployError, 2 on bad arguments.
 */

const usage =
  'usage: DEPLOYER_KEY=0x... npm run deploy -- --config <in.json> --out <out.json> ' +
  '[--owner <address>] [--gasless-relayers <address,address>]'

function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        config: { type: 'string' },
        out: { type: 'string' },
        owner: { type: 'string' },
        'gasless-relayers': { type: 'string' },
      },
      strict: true,
    })
    if (!values.config || !values.out) throw new Error('--config and --out are required')
    return values as typeof values & { config: string; out: string }
  } catch (error: unknown) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`)
    process.exit(2)
  }
}

const args = readArgs()
try {
  await runDeploy({
    configPath: args.config,
    outPath: args.out,
    deployerKey: process.env.DEPLOYER_KEY,
    owner: args.owner,
    gaslessRelayers: args['gasless-relayers']?.split(',').filter((r) => r.length > 0),
    log: (message) => console.log(message),
  })
} catch (error: unknown) {
  if (!(error instanceof DeployError)) throw error
  console.error(`deploy: ${error.message}`)
  process.exit(1)
}
