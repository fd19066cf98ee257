import { redirect } from 'react-router';
import { requireAuth } from '../lib/guards';
import { useSession } from '../state/session';
import { appQueryClient } from './queryClient';

/** The brand an asset's or a folder's address belongs to, asked of the server; null for other addresses. */
async function brandOfLink(url: URL): Promise<number | null> {
  const client = appQueryClient();
  if (!client) return null;
  const asset = /^\/brand\/asset\/(\d+)$/.exec(url.pathname);
  if (asset) {
    const { assetView } = await import('../features/assets/api');
    return (await client.fetchQuery(assetView(Number(asset[1])))).asset.brand_id;
  }
  const folder = Number(url.searchParams.get('folder'));
  if (/^\/brand2?$/.test(url.pathname) && Number.isInteger(folder) && folder > 0) {
    const { folderQuery } = await import('../features/folders/api');
    return (await client.fetchQuery(folderQuery(folder))).folder.brand_id;
  }
  return null;
}

/**
 * The brand screens' guard: a session and a selected brand. A link to an asset or a folder opened
 * with none selected selects its brand (when the user has it) and opens; anything else, the chooser.
 */
export async function requireBrandOfLink({ request }: { request: Request }) {
  requireAuth({ request });
  const s = useSession.getState();
  if (s.selectedBrand) return null;
  const id = await brandOfLink(new URL(request.url)).catch(() => null);
  const brand = s.sessionUser?.brands.find((b) => b.id === id);
  if (!brand) throw redirect('/brand/choose');
  s.selectBrand(brand);
  return null;
}
