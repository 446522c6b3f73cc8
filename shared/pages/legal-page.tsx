import { useLoaderData } from 'react-router-dom';
import { LegalDocumentView } from '../components/service/legal-document';
import type { LegalDocument } from '../content/types';
import type { PageData } from '../page-head';

export interface LegalPageData extends PageData {
  document: LegalDocument;
}

/** The long-form legal pages: the Privacy & Cookie Policy and the accessibility statement. */
export function Component() {
  const { document } = useLoaderData() as LegalPageData;
  return <LegalDocumentView document={document} />;
}
