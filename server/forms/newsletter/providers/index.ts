/**
 * Picks the provider NEWSLETTER_PROVIDER names; `file` has none (the ledger,
 * ../ledger.ts, is then the list). server/config/newsletter.ts has already checked that
 * the settings each one needs are present.
 */
import type { AppConfig } from '../../../config';
import type { NewsletterProvider } from '../outcome';
import { klaviyoApiProvider } from './klaviyo-api';
import { klaviyoFormProvider } from './klaviyo-form';

export function createProvider(settings: AppConfig['newsletter'], options: { timeoutMs: number }): NewsletterProvider | undefined {
  switch (settings.provider) {
    case 'klaviyo-form':
      return klaviyoFormProvider({ endpoint: settings.endpoint, listId: required(settings.listId, 'NEWSLETTER_LIST_ID'), ...options });
    case 'klaviyo-api':
      return klaviyoApiProvider({
        apiUrl: settings.apiUrl,
        companyId: required(settings.companyId, 'NEWSLETTER_COMPANY_ID'),
        listId: required(settings.listId, 'NEWSLETTER_LIST_ID'),
        ...options,
      });
    case 'file':
      return undefined;
  }
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} must be set for this newsletter provider`);
  return value;
}
