import type { QueryClient } from '@tanstack/react-query';
import { brandQuery } from '../brands/api';
import { folderQuery } from '../folders/api';

/**
 * The brand home's first calls, started from its route's loader beside the session call and the
 * screen's own code instead of after them: the brand (which names its top folder), then the folder
 * the URL opens. The screen's hooks find them in the cache (same keys and functions).
 */
export async function prefetchBrandHome(client: QueryClient, brandId: number, folderParam: string | null) {
  const asked = Number(folderParam);
  const folderId = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const brand = client.fetchQuery(brandQuery(brandId)).catch(() => undefined);
  if (folderId !== undefined) await client.prefetchQuery(folderQuery(folderId));
  const rootId = (await brand)?.brand.root_folder_id;
  if (folderId === undefined && rootId !== undefined) await client.prefetchQuery(folderQuery(rootId));
}
