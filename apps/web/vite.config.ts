/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies made once at build time; the server sends whichever the browser takes.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|map)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    include: ['src/**/*.test.{ts,tsx}'],
    // A screen test on a busy 2-core machine passes 5 s now and then; none should take 20.
    testTimeout: 20_000,
    // Each test file loads Mantine and the icon set afresh; pre-bundled, the ~6,000 icon modules
    // load as one file, which halved the import phase of a sample of screen tests.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@tabler/icons-react',
            '@mantine/core',
            '@mantine/hooks',
            '@mantine/form',
            '@mantine/dates',
            '@mantine/notifications',
            // Every package that imports @mantine/core must be bundled with it: one left out
            // loads a second copy whose components find no MantineProvider.
            '@mantine/charts',
            '@mantine/modals',
          ],
        },
      },
    },
  },
});
