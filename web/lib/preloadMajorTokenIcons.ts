import { loadWeb3Icon } from './loadWeb3Icon'
import { majorTokenIcons } from './majorTokenIcons'

/**
 * Starts loading every major token's logo (on the hover or focus of a control that opens a token list), so the
 * list draws them with its first frame. Each loads once, however often this is called.
 */
export function preloadMajorTokenIcons(): void {
  for (const source of new Set(Object.values(majorTokenIcons))) void loadWeb3Icon(source)
}
