import {
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddressEqual,
  isHex,
  type LocalAccount,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'

/** EIP-1193 error (`code` 4001 rejected, 4100 unauthorised, 4200 unsupported, 4902 unknown chain). */
export class WalletRpcError extends Error {
  override name = 'WalletRpcError'
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'
type Listener = (payload: unknown) => void

export interface LocalAccountProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: ProviderEvent, listener: Listener): void
  removeListener(event: ProviderEvent, listener: Listener): void
  readonly chainId: number
}

export interface CreateLocalAccountProviderParams {
  account: LocalAccount
  /** Chains the wallet can use; each chain's `rpcUrls.default.http[0]` is where it sends. */
  chains: readonly Chain[]
  /** Initial chain; the first chain when undefined. */
  chainId?: number | undefined
}

interface TransactionRequestJson {
  from?: Hex
  to?: Hex | null
  data?: Hex
  input?: Hex
  value?: Hex
  gas?: Hex
  nonce?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
}

const optionalBigInt = (value: Hex | undefined) => (value === undefined ? undefined : hexToBigInt(value))

function firstParam<T>(params: unknown): T {
  if (!Array.isArray(params) || params.length === 0) throw new WalletRpcError(-32602, 'Missing params')
  return params[0] as T
}

function parseTypedData(json: unknown): TypedDataDefinition {
  const parsed: unknown = typeof json === 'string' ? JSON.parse(json) : json
  if (typeof parsed !== 'object' || parsed === null) throw new WalletRpcError(-32602, 'Invalid typed data')
  const { domain, types, primaryType, message } = parsed as {
    domain: TypedDataDefinition['domain']
    types: Record<string, { name: string; type: string }[]>
    primaryType: string
    message: Record<string, unknown>
  }
  const { EIP712Domain: _domainType, ...rest } = types
  return { domain, types: rest, primaryType, message } as unknown as TypedDataDefinition
}

/**
 * An EIP-1193 provider for a local (private-key) account: it answers account and chain queries itself,
 * signs messages, typed data and transactions locally with viem, sends signed transactions (and passes every
 * other method) to the current chain's RPC, and emits `chainChanged` on `wallet_switchEthereumChain`.
 * Used by the devnet wallet in the browser and by the e2e wallet in Node. Errors are `WalletRpcError`.
 */
export function createLocalAccountProvider(params: CreateLocalAccountProviderParams): LocalAccountProvider {
  const { account, chains } = params
  const firstChain = chains[0]
  if (firstChain === undefined) throw new WalletRpcError(4900, 'No chains configured')
  let chain = chains.find((c) => c.id === params.chainId) ?? firstChain
  const listeners = new Map<ProviderEvent, Set<Listener>>()

  const emit = (event: ProviderEvent, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }
  const rpcUrlOf = (c: Chain) => {
    const url = c.rpcUrls.default.http[0]
    if (url === undefined) throw new WalletRpcError(4900, `No RPC URL for chain ${c.id}`)
    return url
  }
  const publicClient = () => createPublicClient({ chain, transport: http(rpcUrlOf(chain)) })
  const walletClient = () => createWalletClient({ account, chain, transport: http(rpcUrlOf(chain)) })
  const assertOwnAddress = (address: unknown) => {
    if (typeof address !== 'string' || !isHex(address) || !isAddressEqual(address, account.address))
      throw new WalletRpcError(4100, 'Unknown account')
  }

  async function sendTransaction(tx: TransactionRequestJson): Promise<Hex> {
    if (tx.from !== undefined) assertOwnAddress(tx.from)
    const base = {
      to: tx.to ?? null,
      data: tx.data ?? tx.input,
      value: optionalBigInt(tx.value),
      gas: optionalBigInt(tx.gas),
      nonce: tx.nonce === undefined ? undefined : hexToNumber(tx.nonce),
    }
    const client = walletClient()
    if (tx.maxFeePerGas !== undefined)
      return client.sendTransaction({
        ...base,
        maxFeePerGas: hexToBigInt(tx.maxFeePerGas),
        maxPriorityFeePerGas: optionalBigInt(tx.maxPriorityFeePerGas),
      })
    if (tx.gasPrice !== undefined)
      return client.sendTransaction({ ...base, gasPrice: hexToBigInt(tx.gasPrice) })
    return client.sendTransaction(base)
  }

  async function request({
    method,
    params: rpcParams,
  }: {
    method: string
    params?: unknown
  }): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address]
      case 'eth_chainId':
        return numberToHex(chain.id)
      case 'net_version':
        return String(chain.id)
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        return [{ parentCapability: 'eth_accounts', caveats: [] }]
      case 'wallet_revokePermissions':
        return null
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const { chainId } = firstParam<{ chainId: Hex }>(rpcParams)
        const next = chains.find((c) => c.id === hexToNumber(chainId))
        if (next === undefined) throw new WalletRpcError(4902, `Unrecognized chain ID ${chainId}`)
        if (next.id !== chain.id) {
          chain = next
          emit('chainChanged', numberToHex(next.id))
        }
        return null
      }
      case 'eth_sendTransaction':
        return sendTransaction(firstParam<TransactionRequestJson>(rpcParams))
      case 'personal_sign': {
        if (!Array.isArray(rpcParams)) throw new WalletRpcError(-32602, 'Missing params')
        const [message, address] = rpcParams as [Hex, Hex]
        assertOwnAddress(address)
        return account.signMessage({ message: { raw: message } })
      }
      case 'eth_signTypedData_v4': {
        if (!Array.isArray(rpcParams)) throw new WalletRpcError(-32602, 'Missing params')
        const [address, typedData] = rpcParams as [Hex, unknown]
        assertOwnAddress(address)
        return account.signTypedData(parseTypedData(typedData))
      }
      case 'eth_sign':
      case 'eth_signTransaction':
        throw new WalletRpcError(4200, `${method} is not supported`)
      default:
        return publicClient().request({ method, params: rpcParams } as Parameters<
          ReturnType<typeof publicClient>['request']
        >[0])
    }
  }

  return {
    request,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    get chainId() {
      return chain.id
    },
  }
}
