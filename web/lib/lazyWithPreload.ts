import { type ComponentType, createElement, lazy, useState } from 'react'

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the component's chunk (on the hover or focus of what opens it); later calls share it. */
  preload: () => Promise<unknown>
}

/**
 * A component loaded from its own chunk on first render, as `React.lazy`, that can be loaded earlier with
 * `preload()`. Once loaded it renders at once, without suspending a frame, so a dialog preloaded on the hover of
 * its button opens on the click's frame. Render it inside a `Suspense` for the case it is not loaded yet. A
 * failed load may be tried again.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  // biome-ignore lint/correctness/noComponentHookFactories: like React.lazy, called once per component at module level
  function Preloadable(props: P) {
    // an instance keeps the path it started on: switching would remount it and lose its state
    const [ready] = useState(() => loaded)
    return ready === undefined ? createElement(Lazy, props) : createElement(ready, props)
  }
  return Object.assign(Preloadable, { preload })
}
