import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clientRoutes } from '#common/routes.ts';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { testMember } from '#web/test/render-member-page.tsx';
import MemberMobileMenu from './member-mobile-menu.tsx';
import { NavProvider } from './nav-context.tsx';
import { ACCOUNT_LINKS, MEMBER_LINKS } from './nav-items.ts';

afterEach(cleanup);

const user: CurrentUser = testMember;

const memberPages = clientRoutes.filter((r) => r.layout === 'member').map((r) => r.path as string);

/** Member pages that are steps of a task, reached from another page, not areas of their own. */
const TASK_PAGES = new Set([
  '/checkout',
  '/subscribe',
  '/payment-success',
  '/subscription-success',
  '/payment-test',
  '/source/post',
  '/registry/psa-lookup',
  '/registry/claims',
  '/registry/claims/new',
]);

function phoneMenuLinks(): string[] {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={memoryLocation({ path: '/dashboard' }).hook}>
        <NavProvider value={{ hasRoute: (p) => memberPages.includes(p) || p === '/WonderShyneIndex', hasPage: () => true, adminHome: '/admin' }}>
          <MemberMobileMenu user={user} open onOpenChange={() => {}} />
        </NavProvider>
      </Router>
    </QueryClientProvider>,
  );
  const nav = within(screen.getByRole('dialog')).getByRole('navigation', { name: 'Menu' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href')!);
}

// Issue 32 (finding 11): on a phone the menu is the only way around, so it lists every member area.
describe('the member phone menu', () => {
  it('has every link the desktop bar and account menu have', () => {
    const links = phoneMenuLinks();
    for (const l of [...MEMBER_LINKS, ...ACCOUNT_LINKS]) expect(links, l.href).toContain(l.href);
  });

  it('lists every member area of the route table (Funds, Source and Sales too)', () => {
    const links = phoneMenuLinks();
    const areas = memberPages.filter((p) => !p.includes(':') && !TASK_PAGES.has(p));
    expect(areas).toEqual(expect.arrayContaining(['/funds', '/source', '/sales']));
    expect(areas.filter((a) => !links.includes(a))).toEqual([]);
  });
});
