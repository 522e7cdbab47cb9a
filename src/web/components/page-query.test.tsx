import { cleanup, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '#web/lib/api.ts';
import { LOAD_ERROR_DESCRIPTION } from './load-error.tsx';
import { PageQuery } from './page-query.tsx';

afterEach(cleanup);

const failed = (error: Error) =>
  ({ isPending: false, isError: true, isFetching: false, error, refetch: () => {} }) as unknown as UseQueryResult<string>;

function show(error: Error) {
  render(
    <Router hook={memoryLocation({ path: '/checkout' }).hook}>
      <PageQuery query={failed(error)} loadingLabel="Loading" errorTitle="We couldn't load this invoice.">
        {(d) => d}
      </PageQuery>
    </Router>,
  );
}

// Issue 32 (finding 12): an unknown or foreign id is not a fault on our side.
describe('PageQuery when the read fails', () => {
  it.each([404, 400])('a %i shows the not-found state, not the error with Retry', (status) => {
    show(new ApiError('Not found', status));
    expect(screen.getByRole('heading', { name: "This page isn't in the registry." })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByText(LOAD_ERROR_DESCRIPTION)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a server error still shows the error with Retry', () => {
    show(new ApiError('boom', 500));
    expect(screen.getByText(LOAD_ERROR_DESCRIPTION)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
  });
});
