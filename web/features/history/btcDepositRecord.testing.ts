import type { DepositRecord } from './depositRecord'

/** An unpaid BTC -> ETH deposit trade, for the history's unit tests. */
export const btcDeposit: DepositRecord = {
  id: 'bcrt1qinbound:=:ETH.ETH:0xabc:1',
  chainId: -3980891822,
  toChainId: 1,
  from: { address: '0x0000000000000000000000000000000000000000', symbol: 'BTC', decimals: 8 },
  to: { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 },
  deposit: { address: 'bcrt1qinbound', amount: '1000000', decimals: 8, memo: '=:ETH.ETH:0xabc:1' },
  receiver: '0xabc',
  refundAddress: 'bcrt1qrefund',
  quotedOut: '300000000000000000',
  expiresAt: 1_000,
  processingTime: 30,
  createdAtMs: 1,
  status: 'awaiting',
}
