import { runApiKeyCli } from '../auth/runApiKeyCli'

// Entry point of `npm run apikey -- <command>`; see runApiKeyCli for the commands.
runApiKeyCli(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  },
)
