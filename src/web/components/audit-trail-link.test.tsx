import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuditTrailLink, auditTrailHref } from './audit-trail-link.tsx';

afterEach(cleanup);

describe('audit trail links', () => {
  it('filter the audit page by the record’s kind and id, as its URL filters read them', () => {
    expect(auditTrailHref('invoice', '3f0c…&x=1')).toBe('/admin/audit?targetType=invoice&targetId=3f0c%E2%80%A6%26x%3D1');
    const params = new URL(auditTrailHref('loan', 'a b'), 'http://x').searchParams;
    expect([params.get('targetType'), params.get('targetId')]).toEqual(['loan', 'a b']);
  });

  it('name whose trail it is where several records share a screen', () => {
    render(
      <Router hook={memoryLocation({ path: '/admin/cards' }).hook}>
        <AuditTrailLink targetType="card" targetId="c1" label="Audit" aria-label="Audit trail for 1986 Fleer Michael Jordan" />
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Audit trail for 1986 Fleer Michael Jordan' });
    expect(link.getAttribute('href')).toBe('/admin/audit?targetType=card&targetId=c1');
    expect(link.textContent).toBe('Audit');
  });
});
