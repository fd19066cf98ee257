import { createContext, useContext } from 'react';
import type { FolderCard } from '@brandvault/contract';

/** Lets the subfolder cards above the results join the searcher's selection (for downloads). */
export interface FolderSelection {
  selected: (id: number) => boolean;
  toggle: (folder: FolderCard) => void;
}

export const FolderSelectionContext = createContext<FolderSelection | null>(null);

/** Null outside a searcher that takes folders into its selection: the card shows no checkbox. */
export const useFolderSelection = () => useContext(FolderSelectionContext);
