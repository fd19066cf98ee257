/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { FIRST_SECTIONS } from './src/i18n/firstSections';

/**
 * `<lang>.json?first`: only the sections the sign-in screens read, so the entry carries a few kB
 * of texts instead of the whole file; en.json stays the one file translators edit.
 */
function firstTexts(): Plugin {
  return {
    name: 'brandvault-first-texts',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'first' || !file?.endsWith('.json')) return null;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const first = Object.fromEntries(FIRST_SECTIONS.filter((k) => k in all).map((k) => [k, all[k]]));
      // A module, not JSON: the query keeps Vite's JSON handling away from this id.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(first))});`;
    },
  };
}

/** What a signed-in first visit opens: the shell, the brand home and the home's first calls. */
const HOME_ROOTS = [
  '/src/app/shell/ShellLayout.tsx',
  '/src/features/home/BrandHomePage.tsx',
  '/src/features/home/prefetch.ts',
];
/** Sign-in's screen: what it imports stays out of the home chunk, so /login never loads that. */
const SIGN_IN_ROOTS = ['/src/features/auth/LoginPage.tsx'];
/** The modules HOME_ROOTS import statically and sign-in does not, found once the graph is built. */
const homeModules = new Set<string>();

/**
 * The brand home's code as one chunk instead of about 170: fetched one by one they queued on the
 * browser's six connections (issue 43 §7). The group takes what the entry's own chunks do not.
 */
function homeChunk(): Plugin {
  return {
    name: 'brandvault-home-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = ids.filter((id) => roots.some((root) => id.endsWith(root)));
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const signIn = closure(SIGN_IN_ROOTS);
      homeModules.clear();
      for (const id of closure(HOME_ROOTS)) if (!signIn.has(id)) homeModules.add(id);
    },
  };
}

/**
 * Test files that must not share a worker's modules with others: the tour test mocks modules other
 * files import (vi.mock); after the emulation test's switch to another user, a later file's route
 * guard no longer ran again on a permission change (guards.test.tsx, found by bisecting a shuffled
 * order that failed every time), though every reset in src/test/setup.ts had run.
 */
// The guards test also failed once in CI after another file in its worker (a screen's loader read a
// list some earlier file left undefined); it runs alone until that leak is found.
const ISOLATED = [
  'src/features/tour/tour.test.tsx',
  'src/features/emulation/Emulation.test.tsx',
  'src/lib/guards.test.tsx',
];

/** The modules of the sign-in form that /login fetches after the entry (Mantine's inputs, the form). */
const SIGN_IN_FORM = new RegExp(
  [
    String.raw`@mantine/form/`,
    String.raw`@mantine/core/esm/components/(Anchor|TextInput|InputBase|Input|PasswordInput|Alert|ActionIcon|Divider)/`,
    String.raw`@mantine/core/esm/core/styles-api/use-resolved-styles-api/`,
    String.raw`@mantine/hooks/esm/use-(id|uncontrolled)/`,
    String.raw`@tabler/icons-react/dist/esm/icons/IconKey\.mjs`,
    String.raw`src/ui/(PersonField|AuthHeading|ErrorAlert|PasswordField)\.tsx`,
    String.raw`src/lib/(sessionLang|fieldErrors|laterCheck)\.ts`,
    String.raw`src/features/sso/(signInApi|SsoButtons)\.tsx?`,
  ].join('|'),
);

export default defineConfig({
  plugins: [
    firstTexts(),
    homeChunk(),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports arrives as one file: 18 shared pieces were each a request of their own.
            { name: 'first', tags: ['$initial'], priority: 2 },
            // The sign-in form's pieces by module, not by the packages' index modules (those pull
            // every component): 22 small files were each a request of their own.
            { name: 'signin', test: SIGN_IN_FORM, priority: 1 },
            { name: 'home', test: (id) => homeModules.has(id), priority: 0 },
          ],
        },
      },
    },
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
    // The app's stores, remembered so each test file starts with them fresh (src/test/zustand.ts).
    alias: [{ find: /^zustand$/, replacement: fileURLToPath(new URL('./src/test/zustand.ts', import.meta.url)) }],
    // A screen test on a busy 2-core machine passes 5 s now and then; none should take 20.
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine.
    maxWorkers: 2,
    projects: [
      // A shared runner is kept only while the next file is of the same kind: one group at a time.
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true, sequence: { groupOrder: 0 } } },
      // The rest share each worker's module graph: jsdom, React, Mantine, i18n and the icons load
      // once per worker instead of once per file (about half of the suite's time).
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ISOLATED,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
