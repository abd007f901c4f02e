export { WidgetApp } from './WidgetApp'
