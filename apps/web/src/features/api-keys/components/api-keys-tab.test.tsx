// @vitest-environment jsdom
import type { ApiKey } from '@portal/shared/api-keys/api-keys.schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiKeysTab } from './api-keys-tab.tsx';
import { API_KEY_MESSAGES } from './api-keys-messages.ts';

const KEY = `ppk_abcd1234_${'x'.repeat(43)}`;
const apiKey = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'Nightly sync',
  prefix: 'ppk_abcd1234',
  status: 'active',
  scope: 'read',
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2027-02-18T10:00:00.000Z',
  last_used_at: null,
  ...over,
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** The tab against a fake API: `answers` maps a path (after /api/v1) to its answer. */
function setup(answers: Record<string, (body: unknown) => Promise<Response>>, wide = true, twoFactorEnabled = false) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown,
  );
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname.replace('/api/v1', '');
    const answer = answers[path];
    if (!answer) return json({ error: { code: '0x4040', message: 'Not found.' } }, 404);
    return answer(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiKeysTab twoFactorEnabled={twoFactorEnabled} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApiKeysTab', () => {
  it('says when there are no keys yet', async () => {
    setup({ '/api-key-list': () => json({ data: [] }) });
    expect(await screen.findByText(API_KEY_MESSAGES.empty)).toBeTruthy();
  });

  it('says when the keys cannot be loaded', async () => {
    setup({ '/api-key-list': () => json({ error: { code: '0x500', message: 'x' } }, 500) });
    expect((await screen.findByRole('alert')).textContent).toContain(API_KEY_MESSAGES.loadFailed);
  });

  it('lists keys by name, prefix and access, never used, expired ones marked (table when wide, cards when narrow)', async () => {
    const keys = [
      apiKey(),
      apiKey({
        id: 2,
        name: 'Old',
        prefix: 'ppk_zzzz9999',
        status: 'expired',
        scope: 'read_write',
        expires_at: '2026-01-02T12:00:00Z',
      }),
    ];
    setup({ '/api-key-list': () => json({ data: keys }) });
    const table = await screen.findByRole('table', { name: 'API keys' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Nightly sync');
    expect(rows[0]!.textContent).toContain('ppk_abcd1234…');
    expect(rows[0]!.textContent).toContain('Never used');
    expect(rows[0]!.textContent).toContain('2027-02-18');
    expect(rows[0]!.textContent).toContain('Read');
    expect(rows[0]!.textContent).not.toContain('Read & write');
    expect(rows[1]!.textContent).toContain('Read & write');
    expect(rows[1]!.textContent).toContain('2026-01-02');
    expect(rows[1]!.textContent).toContain('Expired');
    expect(rows[0]!.textContent).not.toContain('Expired');
    cleanup();
    setup({ '/api-key-list': () => json({ data: keys }) }, false);
    const cards = await screen.findByRole('list', { name: 'API keys' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says what ends a key', async () => {
    setup({ '/api-key-list': () => json({ data: [] }) });
    await screen.findByText(API_KEY_MESSAGES.empty);
    expect(screen.getByText(API_KEY_MESSAGES.lifecycle)).toBeTruthy();
  });

  it('creates a key with its name, access, expiry and the password, shows it once, and forgets it on Done', async () => {
    let listed: ApiKey[] = [];
    const created = apiKey({ id: 3, name: 'CI', expires_at: '2027-01-01T00:00:00.000Z' });
    const fetchMock = setup({
      '/api-key-list': () => json({ data: listed }),
      '/api-key/create': () => {
        listed = [created];
        return json({ data: { ...created, key: KEY } });
      },
    });
    await screen.findByText(API_KEY_MESSAGES.empty);
    const submit = screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Key name/), { target: { value: '  CI ' } });
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Access'), { target: { value: 'read_write' } });
    // Not without the password.
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'my-password' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect((await screen.findByTestId('new-api-key')).textContent).toContain(KEY);
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api-key/create'))!;
    const body = JSON.parse(String(sent[1]!.body)) as {
      name: string;
      expires_at: string;
      scope: string;
      password: string;
    };
    expect(body.name).toBe('CI');
    expect(body.scope).toBe('read_write');
    expect(body.password).toBe('my-password');
    expect(Object.keys(body)).not.toContain('code');
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await screen.findByRole('table', { name: 'API keys' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();
    expect(document.body.textContent).not.toContain(KEY);
  });

  it('shows a wrong password under the field and asks for a two-factor code when the server wants one', async () => {
    const answers: Response[] = [];
    const fetchMock = setup({
      '/api-key-list': () => json({ data: [] }),
      '/api-key/create': () =>
        answers.length === 0
          ? json(
              {
                error: { code: '0x4220', message: 'x' },
                errors: { password: { code: '0x4011', message: 'Invalid credentials.' } },
              },
              422,
            ).then((r) => (answers.push(r), r))
          : json(
              {
                error: { code: '0x4220', message: 'x' },
                errors: {
                  code: {
                    code: '0x4001',
                    message: 'Please enter the code from your authenticator app (or a recovery code).',
                  },
                },
              },
              422,
            ).then((r) => (answers.push(r), r)),
    });
    await screen.findByText(API_KEY_MESSAGES.empty);
    expect(screen.queryByLabelText(/Two-factor code/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Key name/), { target: { value: 'CI' } });
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Invalid credentials.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText(/Two-factor code/)).toBeTruthy();
    expect(screen.getByText(/Please enter the code from your authenticator app/)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api-key/create'))).toHaveLength(2);
    expect(screen.queryByTestId('new-api-key')).toBeNull();
  });

  it('with two-factor on, asks for a code beside the password and sends it', async () => {
    const fetchMock = setup(
      {
        '/api-key-list': () => json({ data: [] }),
        '/api-key/create': () => json({ data: { ...apiKey({ id: 9 }), key: KEY } }),
      },
      true,
      true,
    );
    await screen.findByText(API_KEY_MESSAGES.empty);
    const submit = screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText(/Key name/), { target: { value: 'CI' } });
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'pw' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Two-factor code/), { target: { value: ' 123456 ' } });
    fireEvent.click(submit);
    await screen.findByTestId('new-api-key');
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api-key/create'))!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({ password: 'pw', code: '123456' });
  });
});
