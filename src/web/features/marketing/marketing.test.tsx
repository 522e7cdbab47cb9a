import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page.tsx';
import { PublicLayout } from './public-layout.tsx';

afterEach(cleanup);

describe('LandingPage', () => {
  it('calls onRequestAccess from every "Request access" button', () => {
    const onRequestAccess = vi.fn();
    render(<LandingPage onRequestAccess={onRequestAccess} />);
    const buttons = document.querySelectorAll<HTMLElement>('[data-action="request-access"]');
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    for (const b of buttons) {
      expect(b.tagName).toBe('BUTTON');
      fireEvent.click(b);
    }
    expect(onRequestAccess).toHaveBeenCalledTimes(buttons.length);
  });

  it('without a handler, "Request access" links to how access works', () => {
    render(<LandingPage />);
    const links = document.querySelectorAll('[data-action="request-access"]');
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const l of links) {
      expect(l.tagName).toBe('A');
      expect(l.getAttribute('href')).toBe('#how-it-works');
    }
    expect(document.getElementById('how-it-works')).toBeTruthy();
  });

  it('has one H1 and a labelled section for each topic', () => {
    render(<LandingPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const id of ['membership', 'index', 'how-it-works', 'security']) {
      const section = document.getElementById(id);
      expect(section?.tagName).toBe('SECTION');
      expect(section?.getAttribute('aria-labelledby')).toBeTruthy();
    }
  });
});

describe('PublicLayout', () => {
  it('renders header, main and footer with the legal links', () => {
    render(<PublicLayout>page body</PublicLayout>);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main').textContent).toBe('page body');
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Cookie Policy', '/cookies'],
    ]) {
      const link = [...footer.querySelectorAll('a')].find((a) => a.textContent === name);
      expect(link?.getAttribute('href')).toBe(href);
    }
    expect(footer.textContent).toContain('© 2026. All rights reserved.');
    expect(screen.getAllByRole('link', { name: 'Home' })[0].getAttribute('href')).toBe('/');
  });

  it('opens the mobile menu with its actions and closes it with Escape', async () => {
    render(
      <PublicLayout actions={<button type="button">Desktop action</button>} mobileActions={<button type="button">Menu action</button>}>
        x
      </PublicLayout>,
    );
    expect(screen.getByRole('button', { name: 'Desktop action' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Menu action');
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeTruthy();
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the mobile menu with its close button', async () => {
    render(<PublicLayout>x</PublicLayout>);
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
