/**
 * Per-route JS sizes from Vite's build manifest (bin/lib/bundle-size.ts; `npm run size:web`).
 */
import { dynamicEntries, kb, resolveModuleKey, routeSizes, type Manifest } from '../../../bin/lib/bundle-size';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/auth/AuthPage.tsx': { file: 'assets/AuthPage.js', isDynamicEntry: true, imports: ['_shared.js', 'index.html'] },
  'src/shell/Layout.tsx': { file: 'assets/Layout.js', isDynamicEntry: true, imports: ['_query.js'] },
  '_query.js': { file: 'assets/query.js', imports: ['_shared.js'] },
  '_Page-abc.js': { file: 'assets/Page-abc.js', name: 'Page', isDynamicEntry: true, imports: ['_shared.js'] },
  'src/pages/Other.tsx': { file: 'assets/Other.js', isDynamicEntry: true, imports: ['_Page-abc.js'] },
};
const sizes: Record<string, number> = {
  'assets/index.js': 1000,
  'assets/react.js': 5000,
  'assets/shared.js': 300,
  'assets/AuthPage.js': 200,
  'assets/Layout.js': 50,
  'assets/query.js': 700,
  'assets/Page-abc.js': 80,
  'assets/Other.js': 10,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

describe('routeSizes', () => {
  it('adds the entry closure and each route module closure, counting shared files once', () => {
    const [auth] = routeSizes(manifest, [{ route: '/auth', modules: ['src/auth/AuthPage.tsx'] }], sizeOf);
    expect(auth?.files).toEqual(['assets/index.js', 'assets/react.js', 'assets/AuthPage.js', 'assets/shared.js']);
    expect(auth?.bytes).toBe(1000 + 5000 + 200 + 300);
    expect(auth?.css).toEqual(['assets/index.css']);
  });

  it('includes a layout chunk and its imports for signed-in routes', () => {
    const [page] = routeSizes(
      manifest,
      [{ route: '/page', modules: ['src/shell/Layout.tsx', 'src/pages/Page.tsx'] }],
      sizeOf,
    );
    expect(page?.bytes).toBe(1000 + 5000 + 50 + 700 + 300 + 80);
  });

  it('throws for a module the build does not have', () => {
    expect(() => routeSizes(manifest, [{ route: '/x', modules: ['src/Missing.tsx'] }], sizeOf)).toThrow(
      /src\/Missing.tsx/,
    );
  });

  it('throws when the manifest has no entry', () => {
    expect(() => routeSizes({ a: { file: 'a.js' } }, [], sizeOf)).toThrow(/entry/);
  });
});

describe('resolveModuleKey and dynamicEntries', () => {
  it('finds a page that Rollup merged into a shared chunk by its file name', () => {
    expect(resolveModuleKey(manifest, 'src/pages/Page.tsx')).toBe('_Page-abc.js');
    expect(resolveModuleKey(manifest, 'src/auth/AuthPage.tsx')).toBe('src/auth/AuthPage.tsx');
    expect(resolveModuleKey(manifest, 'src/pages/Nope.tsx')).toBeUndefined();
  });

  it('lists every lazily loaded chunk', () => {
    expect(dynamicEntries(manifest)).toEqual([
      '_Page-abc.js',
      'src/auth/AuthPage.tsx',
      'src/pages/Other.tsx',
      'src/shell/Layout.tsx',
    ]);
  });

  it('prints KB with one decimal', () => {
    expect(kb(153_700)).toBe('150.1');
  });
});
