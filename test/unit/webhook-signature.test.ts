import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../server/content-sync/webhook-signature';

const SECRET = 'a webhook secret';
const body = Buffer.from(JSON.stringify({ ref: 'refs/heads/main', after: 'f'.repeat(40) }));
const hex = (secret: string, data: Buffer) => createHmac('sha256', secret).update(data).digest('hex');

describe('verifyWebhook', () => {
  it("accepts each host's own signature over the raw body", () => {
    expect(verifyWebhook(SECRET, { 'x-hub-signature-256': `sha256=${hex(SECRET, body)}` }, body)).toEqual({ ok: true, host: 'github' });
    expect(verifyWebhook(SECRET, { 'x-gitea-signature': hex(SECRET, body) }, body)).toEqual({ ok: true, host: 'gitea' });
    expect(verifyWebhook(SECRET, { 'x-forgejo-signature': hex(SECRET, body).toUpperCase() }, body)).toEqual({ ok: true, host: 'forgejo' });
    expect(verifyWebhook(SECRET, { 'x-gitlab-token': SECRET }, body)).toEqual({ ok: true, host: 'gitlab' });
  });

  it('refuses a signature made with another secret, or over another body', () => {
    const other = Buffer.from(`${body.toString()} `);
    expect(verifyWebhook(SECRET, { 'x-hub-signature-256': `sha256=${hex('guess', body)}` }, body).ok).toBe(false);
    expect(verifyWebhook(SECRET, { 'x-hub-signature-256': `sha256=${hex(SECRET, other)}` }, body).ok).toBe(false);
    expect(verifyWebhook(SECRET, { 'x-gitea-signature': hex(SECRET, other) }, body).ok).toBe(false);
    expect(verifyWebhook(SECRET, { 'x-gitlab-token': `${SECRET}x` }, body).ok).toBe(false);
    expect(verifyWebhook(SECRET, { 'x-gitlab-token': '' }, body).ok).toBe(false);
  });

  it('says what is wrong with a malformed or missing signature', () => {
    expect(verifyWebhook(SECRET, { 'x-hub-signature-256': hex(SECRET, body) }, body)).toEqual({
      ok: false,
      reason: 'X-Hub-Signature-256 is not "sha256=" and 64 hex digits',
    });
    expect(verifyWebhook(SECRET, { 'x-gitea-signature': 'abc' }, body)).toEqual({
      ok: false,
      reason: 'x-gitea-signature is not 64 hex digits',
    });
    expect(verifyWebhook(SECRET, {}, body)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^no signature: send X-Hub-Signature-256/),
    });
  });
});
