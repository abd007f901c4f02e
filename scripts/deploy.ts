import { parseArgs } from 'node:util'
import { DeployError } from '../contracts/deploy/DeployError'
import { runDeploy } from '../contracts/deploy/runDeploy'

/*
 * `npm run deploy -- --config <in.json> --out <out.json> [--owner 0x...] [--gasless-relayers 0x...,0x...]
 * [--dry-run]`:
 * deploys our contracts onto the chains of a network config whose third-party contracts exist, from the key in
 * DEPLOYER_KEY, and writes the config with their addresses (contracts/deploy/runDeploy.ts; docs/operating.md).
 * Exit code 1 with one line on a DeployError, 2 on bad arguments.
 */

const usage =
  'usage: DEPLOYER_KEY=0x... npm run deploy -- --config <in.json> --out <out.json> ' +
  '[--owner <address>] [--gasless-relayers <address,address>] [--dry-run]'

function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        config: { type: 'string' },
        out: { type: 'string' },
        owner: { type: 'string' },
        'gasless-relayers': { type: 'string' },
        'dry-run': { type: 'boolean' },
      },
      strict: true,
    })
    if (!values.config || (!values.out && !values['dry-run']))
      throw new Error('--config and --out are required (--out not with --dry-run)')
    return { ...values, config: values.config, out: values.out ?? values.config }
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
    dryRun: args['dry-run'] === true,
    log: (message) => console.log(message),
  })
} catch (error: unknown) {
  if (!(error instanceof DeployError)) throw error
  console.error(`deploy: ${error.message}`)
  process.exit(1)
}
