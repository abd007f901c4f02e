import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { AppError } from '../../errors'
import { formatReferenceMemo } from '../../thorchain/formatReferenceMemo'
import { type ThorchainTxClient, ThornodeRefusal } from './createThornodeClient'
import { signMsgDeposit } from './signMsgDeposit'

/** A memo registered for deposits without one: deposits of `asset` whose amount carries `reference` act as `memo`. */
export interface MemoRegistration {
  /** `CHAIN.SYMBOL`. */
  readonly asset: string
  readonly memo: string
  /** Zero-padded (`00042`): the amount's last digits. */
  readonly reference: string
  /** The THORChain block that registered it. */
  readonly height: number
  /** The registering transaction (upper-case hex). */
  readonly registrationHash: string
}

export interface MemoRegistrar {
  /**
   * A registration of `memo` for deposits of `asset` (`BTC.BTC`) without a memo: the one this registrar made before
   * when THORNode still holds it unused for that memo, else a new one (a `MsgDeposit` with `REFERENCE:ASSET:MEMO`,
   * paid from the registrar's RUNE), once it is in a block. Throws AppError MEMOLESS_UNAVAILABLE when the network
   * serves no memoless deposits or the registrar has no account, UPSTREAM_REFUSED when THORChain refuses the
   * registration (e.g. the registrar's RUNE is spent), UPSTREAM_UNAVAILABLE when it is not in a block within the
   * time allowed or THORNode does not answer.
   */
  register(asset: string, memo: string): Promise<MemoRegistration>
}

/**
 * Registrations kept to be reused (one per memo); beyond this the oldest is forgotten (asked again, it is
 * registered anew: one more fee, never a wrong deposit).
 */
const KEPT_REGISTRATIONS = 10_000

/** THORChain's SDK code of an account sequence mismatch (another transaction took the sequence first). */
const SEQUENCE_MISMATCH = 32

/** Address prefix of the THORChain network `chainId` names (`thorchain-1`: `thor`; stagenet: `sthor`). */
const prefixOf = (chainId: string) => (/stagenet/i.test(chainId) ? 'sthor' : 'thor')

/**
 * The memo registrar of memoless deposits: signs THORChain registrations (`REFERENCE:ASSET:MEMO` in a
 * `MsgDeposit`, `signMsgDeposit`) with `key`, whose account pays THORChain's native fee (0.02 RUNE) for each,
 * broadcasts them through THORNode and waits for the registration (`client.txResult`, then
 * `client.referenceMemo`). Registrations of one memo are made once while unused (concurrent asks share one);
 * sequences are kept here, so registrations in one block do not collide, and read again after a mismatch.
 */
export function createMemoRegistrar(params: {
  client: ThorchainTxClient
  /** The registrar's secp256k1 private key. */
  key: Uint8Array
  /** Between two looks for the registration in a block. Default 1 s. */
  pollMs?: number
  /** How long a registration may take to enter a block. Default 30 s (five THORChain blocks). */
  timeoutMs?: number
  /** Clock in ms. */
  now?: () => number
}): MemoRegistrar {
  const { client, key } = params
  const pollMs = params.pollMs ?? 1_000
  const timeoutMs = params.timeoutMs ?? 30_000
  const now = params.now ?? Date.now
  const made = new Map<string, Promise<MemoRegistration>>()
  let signer: Promise<{ chainId: string; prefix: string; address: string }> | undefined
  let account: { accountNumber: bigint; sequence: bigint } | undefined
  /** Signing and broadcasting one at a time: each takes the next sequence. */
  let sending: Promise<unknown> = Promise.resolve()

  const readSigner = async () => {
    const chainId = await client.chainId()
    const prefix = prefixOf(chainId)
    const [first] = await (await DirectSecp256k1Wallet.fromKey(key, prefix)).getAccounts()
    if (first === undefined) throw new Error('the registrar key has no account')
    return { chainId, prefix, address: first.address }
  }

  /** Signs and broadcasts the registration at the next sequence; returns its hash once in the mempool. */
  async function send(memo: string, retried = false): Promise<string> {
    signer ??= readSigner().catch((error: unknown) => {
      signer = undefined
      throw error
    })
    const { chainId, prefix, address } = await signer
    account ??= await client.account(address)
    if (account === undefined)
      throw new AppError(
        'MEMOLESS_UNAVAILABLE',
        'The memo registrar has no THORChain account: fund it with RUNE',
        {
          details: { registrar: address },
        },
      )
    const signed = await signMsgDeposit({ key, prefix, chainId, ...account, memo })
    const result = await client.broadcastTx(signed.txBytes)
    if (result.code === 0) {
      account = { ...account, sequence: account.sequence + 1n }
      return signed.hash
    }
    account = undefined
    if (result.code === SEQUENCE_MISMATCH && !retried) return send(memo, true)
    throw new AppError('UPSTREAM_REFUSED', `THORChain refused the memo registration: ${result.rawLog}`, {
      details: { code: result.code, registrar: address },
    })
  }

  async function registerNew(asset: string, memo: string): Promise<MemoRegistration> {
    const queued = sending.then(() => send(formatReferenceMemo(asset, memo)))
    sending = queued.catch(() => undefined)
    const hash = await queued
    const deadline = now() + timeoutMs
    for (;;) {
      const result = await client.txResult(hash)
      if (result !== undefined && result.height > 0) {
        if (result.code !== 0)
          throw new AppError(
            'UPSTREAM_REFUSED',
            `THORChain refused the memo registration: ${result.rawLog}`,
            {
              details: { code: result.code, hash },
            },
          )
        const registration = await client.referenceMemo(hash)
        if (registration === undefined)
          throw new AppError('UPSTREAM_REFUSED', 'THORChain holds no registration of the memo it took', {
            details: { hash },
          })
        return {
          asset: registration.asset,
          memo: registration.memo,
          reference: registration.reference,
          height: registration.height,
          registrationHash: registration.registration_hash.toUpperCase(),
        }
      }
      if (now() + pollMs > deadline)
        throw new AppError('UPSTREAM_UNAVAILABLE', 'THORChain did not register the memo in time: ask again', {
          details: { hash },
        })
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }

  /** Whether THORNode still holds `registration` for its memo with a use left. */
  async function isUsable(registration: MemoRegistration): Promise<boolean> {
    const check = await client.referenceCheck(registration.asset, BigInt(registration.reference))
    return (
      check.reference === registration.reference &&
      !check.available &&
      check.memo === registration.memo &&
      (check.max_use === 0 || check.usage_count < check.max_use)
    )
  }

  return {
    async register(asset, memo) {
      const id = `${asset}\n${memo}`
      try {
        const earlier = made.get(id)
        if (earlier !== undefined) {
          const registration = await earlier.catch(() => undefined)
          if (registration !== undefined && (await isUsable(registration))) return registration
          if (made.get(id) === earlier) made.delete(id)
          // another ask already registers it again
          const again = made.get(id)
          if (again !== undefined) return await again
        }
        const pending = registerNew(asset, memo)
        made.set(id, pending)
        if (made.size > KEPT_REGISTRATIONS) made.delete(made.keys().next().value ?? id)
        pending.catch(() => {
          if (made.get(id) === pending) made.delete(id)
        })
        return await pending
      } catch (error: unknown) {
        if (error instanceof ThornodeRefusal)
          throw new AppError('MEMOLESS_UNAVAILABLE', `The liquidity network refused: ${error.message}`, {
            cause: error,
          })
        throw error
      }
    },
  }
}
