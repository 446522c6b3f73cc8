import { createContext, useContext } from 'react';
import type { DocumentAssets } from './app-payload';

export interface DocumentData {
  assets: DocumentAssets;
  /** The serialized AppPayload, written verbatim into the document. */
  payloadJson: string;
  /**
   * The page's stylesheet's text, written into <head> (server/pages/inline-styles.ts). The
   * browser reads it back from the document before hydrating, so it never
   * travels twice.
   */
  inlineStyles: string;
  /**
   * Called once the page of this route (the deepest matched) is in the
   * document, before the browser paints it: the browser's switch to that
   * page's stylesheet (client/page-styles.ts). The server has none.
   */
  showStylesFor?: (routeId: string | undefined) => void;
}

/** The id of the <style> element that holds the page's inline stylesheet. */
export const INLINE_STYLES_ELEMENT_ID = 'page-styles';

/**
 * What the document head needs beyond the route tree. The server fills it from
 * the build manifest; the browser from the payload the server wrote, so both
 * render the same markup and hydration matches.
 */
export const DocumentContext = createContext<DocumentData | null>(null);

export function useDocumentData(): DocumentData {
  const data = useContext(DocumentContext);
  if (!data) throw new Error('Render the routes inside <DocumentContext.Provider>.');
  return data;
}
