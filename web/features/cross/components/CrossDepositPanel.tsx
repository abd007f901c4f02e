import type { RefObject } from 'react'
import type { ChainRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { DevnetDepositWalletPanel, KeplrDepositPanel } from '../../depositWallet'
import type { DepositRecord } from '../../history'
import { CrossCard } from './CrossCard'
import { DepositView } from './DepositView'

/**
 * The card while a deposit trade waits for its payment: the deposit view of `record` with the wallets that can
 * pay it, or, when the record is gone from this browser's history, a note and the way back.
 */
export function CrossDepositPanel(props: {
  source: ChainRecord
  destination: ChainRecord
  record: DepositRecord | undefined
  /** Symbol of the form's token paid, for the title when the record is gone. */
  fromSymbol: string
  headingRef: RefObject<HTMLHeadingElement | null>
  onBack: () => void
  onPaid: (txHash: string) => void
}) {
  const { source, destination, record, headingRef, onBack, onPaid } = props
  if (record === undefined)
    return (
      <CrossCard title={`Deposit ${props.fromSymbol} on ${source.name}`} headingRef={headingRef}>
        <p role="alert" className="text-sm text-danger">
          This deposit is no longer in this browser's history.
        </p>
        <button
          type="button"
          onClick={onBack}
          className="mt-3 rounded-lg border border-line px-3 py-2 text-sm"
        >
          Back
        </button>
      </CrossCard>
    )
  const deposit = { ...record.deposit, amount: BigInt(record.deposit.amount) }
  return (
    <CrossCard title={`Deposit ${record.from.symbol} on ${source.name}`} headingRef={headingRef}>
      <DepositView
        deposit={deposit}
        symbol={record.from.symbol}
        expiresAt={record.expiresAt}
        family={source.family === 'cosmos' ? 'cosmos' : 'utxo'}
        shortName={source.shortName}
        arrival={{
          amount: `≈ ${formatTokenAmount({ amount: BigInt(record.quotedOut), decimals: record.to.decimals, roundingMode: 'trunc' })} ${record.to.symbol}`,
          chainName: destination.name,
          receiver: record.receiver,
          sourceName: source.name,
          refundAddress: record.refundAddress,
        }}
        onTrack={onPaid}
        onBack={onBack}
        wallet={
          <>
            <DevnetDepositWalletPanel chain={source} deposit={deposit} onPaid={onPaid} />
            <KeplrDepositPanel chain={source} deposit={deposit} onPaid={onPaid} />
          </>
        }
      />
    </CrossCard>
  )
}
