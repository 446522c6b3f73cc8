import { createContext, useContext } from 'react';
import type { DocumentAssets } from './app-payload';

export interface DocumentData {
  assets: DocumentAssets;
  /** The serialized AppPayload, written verbatim into the document. */
  payloadJson: string;
}

/**
 * What the document head needs beyond the route tree. The server fills it from
 * the build manifest; the browser from the payload the server wrote, so both
 * render the same markup and hydration matches.
 */
export const DocumentContext = createContext<DocumentData | null>(null);

export function useDocumentData(): DocumentData {
  const data = useContext(DocumentContext);
  if (!data) throw new Error('DocumentContext is missing: render the routes inside <DocumentContext.Provider>.');
  return data;
}
