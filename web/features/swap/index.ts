export { SwapCard } from './components/SwapCard'
