import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { PageSpinner, Spinner } from './spinner.tsx';

afterEach(cleanup);

describe('Button', () => {
  it('is a type="button" by default so it never submits a form by accident', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('button');
  });

  it('keeps an explicit submit type', () => {
    render(<Button type="submit">Send</Button>);
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
  });

  it('renders its child with button styles when asChild', () => {
    render(
      <Button asChild variant="crimson">
        <a href="/terms">Terms</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Terms' });
    expect(link.tagName).toBe('A');
    expect(link.className).toContain('bg-crimson');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('merges a caller className over the variant classes', () => {
    render(<Button className="px-10">Wide</Button>);
    const cls = screen.getByRole('button', { name: 'Wide' }).className;
    expect(cls).toContain('px-10');
    expect(cls).not.toContain('px-4');
  });
});

describe('Spinner', () => {
  it('is a status with a visually hidden label', () => {
    render(<Spinner label="Loading cards" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading cards');
    expect(status.querySelector('.sr-only')?.textContent).toBe('Loading cards');
  });

  it('PageSpinner defaults to a "Loading" status', () => {
    render(<PageSpinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});
