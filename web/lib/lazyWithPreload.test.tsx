import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyWithPreload } from './lazyWithPreload'

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>

const render = (node: React.ReactNode) =>
  renderToString(<Suspense fallback={<i>loading</i>}>{node}</Suspense>)

describe('lazyWithPreload', () => {
  it('suspends before its chunk is loaded, then draws at once on the first render after preload()', async () => {
    let loads = 0
    const Lazy = lazyWithPreload(async () => {
      loads += 1
      return Greeting
    })
    const suspended = render(<Lazy name="Ada" />)
    expect([suspended.includes('<i>loading</i>'), suspended.includes('Hello')]).toEqual([true, false])
    await Lazy.preload()
    await Lazy.preload()
    expect(render(<Lazy name="Ada" />)).toBe('<!--$--><p>Hello <!-- -->Ada</p><!--/$-->')
    expect(loads).toBe(1)
  })

  it('tries a failed load again on the next preload()', async () => {
    let loads = 0
    const Lazy = lazyWithPreload(async () => {
      loads += 1
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return Greeting
    })
    await expect(Lazy.preload()).rejects.toThrow(TypeError)
    await Lazy.preload()
    expect(render(<Lazy name="Bo" />)).toBe('<!--$--><p>Hello <!-- -->Bo</p><!--/$-->')
    expect(loads).toBe(2)
  })
})
