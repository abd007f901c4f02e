import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth'
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SimulateRequest, SimulateResponse } from 'cosmjs-types/cosmos/tx/v1beta1/service'
import type { Any } from 'cosmjs-types/google/protobuf/any'
import { CosmosTxError } from './CosmosTxError'
import type { CosmosAccount, CosmosLedger } from './createCosmosLedger'
import { isCosmosAddress } from './decodeCosmosTx'

/** An ABCI query's answer: the protobuf value, or the SDK code and log of its refusal. */
export interface AbciQueryAnswer {
  readonly code: number
  readonly codespace: string
  readonly log: string
  readonly value: Uint8Array
}

/** The account as x/auth stores it: a `BaseAccount` in an Any, with its public key once it has signed. */
export function encodeBaseAccount(account: CosmosAccount): Any {
  return {
    typeUrl: '/cosmos.auth.v1beta1.BaseAccount',
    value: BaseAccount.encode({
      address: account.address,
      pubKey: account.pubKey
        ? {
            typeUrl: '/cosmos.crypto.secp256k1.PubKey',
            value: PubKey.encode({ key: account.pubKey }).finish(),
          }
        : undefined,
      accountNumber: account.accountNumber,
      sequence: account.sequence,
    }).finish(),
  }
}

const refuse = (code: number, log: string): AbciQueryAnswer => ({
  code,
  codespace: 'sdk',
  log,
  value: new Uint8Array(),
})

/**
 * Answers the gRPC-over-ABCI queries cosmjs's `QueryClient` sends (auth Account, bank Balance and
 * AllBalances, tx Simulate) from the ledger's committed state, with the SDK's refusals: an unknown account
 * is code 22 with gRPC's `NotFound` text (which cosmjs's `getAccount` turns into null), a malformed address
 * code 18 (`InvalidArgument`), an unknown path code 6.
 */
export function answerAbciQuery(ledger: CosmosLedger, path: string, data: Uint8Array): AbciQueryAnswer {
  const prefix = ledger.spec.bech32Prefix
  const invalidAddress = (address: string) =>
    refuse(18, `rpc error: code = InvalidArgument desc = invalid address ${address}: invalid request`)
  const ok = (value: Uint8Array): AbciQueryAnswer => ({ code: 0, codespace: '', log: '', value })
  switch (path) {
    case '/cosmos.auth.v1beta1.Query/Account': {
      const { address } = QueryAccountRequest.decode(data)
      if (!isCosmosAddress(address, prefix)) return invalidAddress(address)
      const account = ledger.getAccount(address)
      if (!account)
        return refuse(22, `rpc error: code = NotFound desc = account ${address} not found: key not found`)
      return ok(QueryAccountResponse.encode({ account: encodeBaseAccount(account) }).finish())
    }
    case '/cosmos.bank.v1beta1.Query/Balance': {
      const { address, denom } = QueryBalanceRequest.decode(data)
      if (!isCosmosAddress(address, prefix)) return invalidAddress(address)
      const amount = ledger.getBalance(address, denom)
      return ok(QueryBalanceResponse.encode({ balance: { denom, amount: amount.toString() } }).finish())
    }
    case '/cosmos.bank.v1beta1.Query/AllBalances': {
      const { address } = QueryAllBalancesRequest.decode(data)
      if (!isCosmosAddress(address, prefix)) return invalidAddress(address)
      const balances = ledger.getAllBalances(address)
      return ok(
        QueryAllBalancesResponse.encode({
          balances: balances.map((coin) => ({ denom: coin.denom, amount: coin.amount.toString() })),
          pagination: { nextKey: new Uint8Array(), total: BigInt(balances.length) },
        }).finish(),
      )
    }
    case '/cosmos.tx.v1beta1.Service/Simulate': {
      const request = SimulateRequest.decode(data)
      try {
        const simulated = ledger.simulate(request.txBytes)
        return ok(
          SimulateResponse.encode(
            SimulateResponse.fromPartial({
              gasInfo: { gasWanted: 0n, gasUsed: simulated.gasUsed },
              result: {
                data: simulated.data,
                log: '',
                events: simulated.events.map((event) => ({
                  type: event.type,
                  attributes: event.attributes.map((a) => ({ ...a })),
                })),
              },
            }),
          ).finish(),
        )
      } catch (error: unknown) {
        if (error instanceof CosmosTxError) return refuse(error.code, error.message)
        throw error
      }
    }
    default:
      return refuse(6, `unknown query path: ${path}: unknown request`)
  }
}
