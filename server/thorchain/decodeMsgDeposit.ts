import { BinaryReader } from 'cosmjs-types/binary'
import type { MsgDeposit, ThorCoin } from './encodeMsgDeposit'

/**
 * THORChain's `MsgDeposit` from its protobuf bytes (`encodeMsgDeposit`'s layout), unknown fields skipped as
 * protobuf readers do; the asset's `synth`, `trade` and `secured` flags are read past (this network has none of
 * those assets). Throws an Error on bytes that are not protobuf. Pure.
 */
export function decodeMsgDeposit(bytes: Uint8Array): MsgDeposit {
  const reader = new BinaryReader(bytes)
  const coins: ThorCoin[] = []
  let memo = ''
  let signer: Uint8Array = new Uint8Array()
  while (reader.pos < reader.len) {
    const tag = reader.uint32()
    if (tag === 10) coins.push(readCoin(reader, reader.uint32()))
    else if (tag === 18) memo = reader.string()
    else if (tag === 26) signer = reader.bytes()
    else reader.skipType(tag & 7)
  }
  return { coins, memo, signer }
}

function readCoin(reader: BinaryReader, length: number): ThorCoin {
  const end = reader.pos + length
  let asset = { chain: '', symbol: '', ticker: '' }
  let amount = ''
  let decimals = 0n
  while (reader.pos < end) {
    const tag = reader.uint32()
    if (tag === 10) asset = readAsset(reader, reader.uint32())
    else if (tag === 18) amount = reader.string()
    else if (tag === 24) decimals = reader.int64()
    else reader.skipType(tag & 7)
  }
  return { asset, amount, decimals }
}

function readAsset(reader: BinaryReader, length: number): ThorCoin['asset'] {
  const end = reader.pos + length
  const asset = { chain: '', symbol: '', ticker: '' }
  while (reader.pos < end) {
    const tag = reader.uint32()
    if (tag === 10) asset.chain = reader.string()
    else if (tag === 18) asset.symbol = reader.string()
    else if (tag === 26) asset.ticker = reader.string()
    else reader.skipType(tag & 7)
  }
  return asset
}
