import { Settings } from 'lucide-react'
import { SlippageChip, type SlippageSetting } from '../../swap'

/** The card's header actions: the slippage chip and the settings button, both opening the settings. */
export function CrossSettingsActions(props: { slippage: SlippageSetting; onOpen: () => void }) {
  return (
    <>
      <SlippageChip slippage={props.slippage} onOpen={props.onOpen} />
      <button
        type="button"
        onClick={props.onOpen}
        aria-label="Cross-chain swap settings"
        className="inline-flex h-9 w-9 items-center justify-center rounded-lg border border-line hover:bg-surface"
      >
        <Settings aria-hidden="true" className="h-4 w-4" />
      </button>
    </>
  )
}
