import { type Address, erc20Abi, type Hex, maxUint256, zeroAddress } from 'viem'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { sendContractTx } from '../deploy/sendContractTx'
import { deploySwapFixture, type SwapFixture } from './deploySwapFixture'

/** The chain id of the fixture's anvil. */
export const FIXTURE_CHAIN_ID = 31337

/**
 * Registers the hooks of an entry contract's test file: before all, an anvil on `port` with the swap fixture,
 * the contracts `deploy` returns (with the `entry`), and the user's unlimited approval of `approvedTokens` to the
 * entry; before each test, a revert to that state. Returns the state, readable once the hooks ran; `balanceOf`
 * reads a token's (zero address: native) balance in base units.
 */
export function setupEntryFixture<Deployed extends { entry: Address }>(params: {
  deploy(f: SwapFixture): Promise<Deployed>
  approvedTokens: readonly (keyof SwapFixture['tokens'])[]
}) {
  let anvil: AnvilInstance | undefined
  let state: { f: SwapFixture; deployed: Deployed } | undefined
  let snapshotId: Hex
  const get = () => {
    if (state === undefined) throw new Error('the entry fixture is read before its beforeAll ran')
    return state
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: FIXTURE_CHAIN_ID, port: await allocateTestPorts(1) })
    const f = await deploySwapFixture({ rpcUrl: anvil.rpcUrl, chainId: FIXTURE_CHAIN_ID })
    const deployed = await params.deploy(f)
    for (const token of params.approvedTokens) {
      await sendContractTx(f.user, {
        address: f.tokens[token],
        abi: erc20Abi,
        functionName: 'approve',
        args: [deployed.entry, maxUint256],
      })
    }
    state = { f, deployed }
    snapshotId = await f.deployer.snapshot()
  })

  beforeEach(async () => {
    const { f } = get()
    await f.deployer.revert({ id: snapshotId })
    snapshotId = await f.deployer.snapshot()
  })

  afterAll(async () => {
    await anvil?.stop()
  })

  return {
    get,
    balanceOf(token: Address, owner: Address): Promise<bigint> {
      const { f } = get()
      return token === zeroAddress
        ? f.deployer.getBalance({ address: owner })
        : f.deployer.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    },
  }
}
