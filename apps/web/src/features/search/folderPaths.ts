import { createContext, useContext, useMemo } from 'react';
import type { FolderNode } from '@brandvault/contract';

/**
 * Where a result lives, for results from other folders than the one being browsed (a search
 * over the folder and its subfolders, or the whole brand from its top folder).
 */
export interface FolderPaths {
  current: number | undefined;
  /** Folder names from the brand's top folder (excluded) down to the folder; null when unknown. */
  pathOf: (folderId: number) => string[] | null;
}

export const FolderPathsContext = createContext<FolderPaths | null>(null);

/** The path to show under a result, or null when it is in the folder being browsed. */
export function useResultFolder(folderId: number): { name: string; path: string } | null {
  const paths = useContext(FolderPathsContext);
  if (!paths || folderId === paths.current) return null;
  const names = paths.pathOf(folderId);
  if (!names) return null;
  // A result in the top folder itself has an empty path; the top folder is the brand.
  const name = names.at(-1);
  return name ? { name, path: names.join(' / ') } : null;
}

/** One walk of the tree per tree answer; lookups are then a map read per card. */
export function useFolderPaths(root: FolderNode | undefined, current: number | undefined): FolderPaths | null {
  return useMemo(() => {
    if (!root) return null;
    const byId = new Map<number, string[]>([[root.id, []]]);
    const walk = (nodes: FolderNode[], above: string[]) => {
      for (const n of nodes) {
        const here = [...above, n.name];
        byId.set(n.id, here);
        walk(n.children, here);
      }
    };
    walk(root.children, []);
    return { current, pathOf: (id) => byId.get(id) ?? null };
  }, [root, current]);
}
