import { useEffect } from 'react';
import { PRODUCT_NAME } from '@brandvault/contract';

/** Tab titles name the screen first, so history and screen readers tell pages apart. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
