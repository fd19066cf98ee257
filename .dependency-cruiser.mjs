/** Folder-level import cycles fail `npm run lint` (issue: a house without circles). */
export default {
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'Folders import each other in a circle; move the shared part into a leaf folder.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.(test|spec)\\.tsx?$|(^|/)test/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
