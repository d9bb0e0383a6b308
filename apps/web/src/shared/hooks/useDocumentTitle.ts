import { useEffect } from 'react';

export const PRODUCT_NAME = 'Fake Stack Overflow';

/** Sets the browser tab title to '{title} - Fake Stack Overflow' while the page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
