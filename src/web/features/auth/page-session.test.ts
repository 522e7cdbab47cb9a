import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_SESSION_ID } from '#common/page-session.ts';
import { clearCredentials, setCredentials } from '#web/lib/credentials.ts';
import { authKeys } from './api/keys.ts';
import { seedCurrentUser, takePageSession } from './page-session.ts';

const user = {
  id: '7c1e2a4e-0c1b-4b59-9d8e-2f3a4b5c6d7e',
  name: 'Casey Collector',
  phone: '+12125550103',
  isImpersonated: false,
  isAuthenticated: true as const,
  isAdmin: false,
  isManager: false,
  termsToAccept: null,
};

function pageWith(text: string) {
  const doc = document.implementation.createHTMLDocument('page');
  const el = doc.createElement('script');
  el.type = 'application/json';
  el.id = PAGE_SESSION_ID;
  el.textContent = text;
  doc.body.append(el);
  return doc;
}

describe('the page session', () => {
  afterEach(() => clearCredentials());

  it("seeds the current user when it is the stored credentials' user, once", () => {
    setCredentials({ userId: user.id, authToken: 't' });
    const doc = pageWith(JSON.stringify(user));
    const client = new QueryClient();
    seedCurrentUser(client, doc);
    expect(client.getQueryData(authKeys.me)).toEqual(user);
    expect(doc.getElementById(PAGE_SESSION_ID)).toBeNull();
    expect(takePageSession(doc)).toBeNull();
  });

  it("is ignored for another user's session, without credentials, or when malformed", () => {
    setCredentials({ userId: 'someone-else', authToken: 't' });
    expect(takePageSession(pageWith(JSON.stringify(user)))).toBeNull();
    clearCredentials();
    expect(takePageSession(pageWith(JSON.stringify(user)))).toBeNull();
    setCredentials({ userId: user.id, authToken: 't' });
    expect(takePageSession(pageWith('{not json'))).toBeNull();
    expect(takePageSession(pageWith('null'))).toBeNull();
    expect(takePageSession(document.implementation.createHTMLDocument('none'))).toBeNull();
  });
});
