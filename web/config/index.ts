export { getWebConfig, type WebConfig } from './getWebConfig'
