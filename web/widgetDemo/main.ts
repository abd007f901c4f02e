import { startWidgetDemoPage } from './startWidgetDemoPage'

startWidgetDemoPage().catch((error: unknown) => {
  const status = document.getElementById('config-status')
  if (status !== null)
    status.textContent = `The demo could not start: ${error instanceof Error ? error.message : String(error)}`
})
