import { type Address, erc20Abi, type Hex, maxUint256, zeroAddress } from 'viem'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../server/devnet/startAnvil'
import { sendContractTx } from '../deploy/sendContractTx'
import { deploySwapFixture, FACTORY_UNISWAP_V2, type SwapFixture } from './deploySwapFixture'

/** One Aggregator step as the entries take it (`Types.Step`). */
export type Step = {
  kind: number
  factoryId: number
  tokenIn: Address
  tokenOut: Address
  fee: number
  share: bigint
}

const ONE = 10n ** 18n

/** The chain id of the fixture's anvil. */
export const FIXTURE_CHAIN_ID = 31337

/** A whole-amount step through a Uniswap V2 pool of `factoryId` (default the fixture's Uniswap V2). */
export function v2Step(tokenIn: Address, tokenOut: Address, factoryId = FACTORY_UNISWAP_V2): Step {
  return { kind: 0, factoryId, tokenIn, tokenOut, fee: 0, share: ONE }
}

/** Uniswap V2's output for `amountIn` against the reserves (0.3 % fee), base units. */
export function v2Out(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
}

/**
 * Registers the hooks of an entry contract's test file: before all, an anvil on `port` with the swap fixture,
 * the contracts `deploy` returns (with the `entry`), and the user's unlimited approval of `approvedTokens` to the
 * entry; before each test, a revert to that state. Returns the state, readable once the hooks ran; `balanceOf`
 * reads a token's (zero address: native) balance in base units.
 */
export function setupEntryFixture<Deployed extends { entry: Address }>(params: {
  port: number
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
    anvil = await startAnvil({ chainId: FIXTURE_CHAIN_ID, port: params.port })
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
