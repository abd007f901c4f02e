export { SwapCard } from './components/SwapCard'
export { TokenDialog } from './components/TokenDialog'
export { sendAndConfirm } from './hooks/sendAndConfirm'
