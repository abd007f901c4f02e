import { defineConfig } from 'vite'

/*
 * The embed script (web/embed/widget.ts) on its own, after the app's build into the same dist/: /widget.js
 * (IIFE, `window.TributaryWidget.mount`) and /widget.mjs (ES module). It shares no chunk with the app.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: 'web/embed/widget.ts',
      name: 'TributaryWidget',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'widget.mjs' : 'widget.js'),
    },
  },
})
