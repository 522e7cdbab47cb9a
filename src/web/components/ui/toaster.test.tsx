import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '#web/hooks/use-toast.ts';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('Toaster', () => {
  it('shows the title and description of a toast() call', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Verification code sent', description: 'Please check your phone for the verification code' });
    });
    expect(screen.getByText('Verification code sent')).toBeTruthy();
    expect(screen.getByText('Please check your phone for the verification code')).toBeTruthy();
  });

  it('shows only one toast at a time: the newest replaces the previous', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First toast' });
      toast({ title: 'Second toast' });
    });
    expect(screen.queryByText('First toast')).toBeNull();
    expect(screen.getByText('Second toast')).toBeTruthy();
    expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(1);
  });

  it('renders the destructive variant', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Request failed', variant: 'destructive' });
    });
    const el = document.querySelector('[data-slot="toast"]');
    expect(el?.getAttribute('data-variant')).toBe('destructive');
    expect(el?.className).toContain('bg-destructive');
  });

  it('closing a toast dismisses it', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Logged out', description: "You've been logged out successfully" });
    });
    expect(screen.getByText('Logged out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Logged out')).toBeNull();
  });

  it('can sit at the top, clear of a task page’s buttons at the bottom right', () => {
    render(<Toaster placement="top" />);
    act(() => {
      toast({ title: 'Success' });
    });
    const viewport = document.querySelector('[data-slot="toast-viewport"]');
    expect(viewport?.className).toContain('sm:top-0');
    expect(viewport?.className).not.toMatch(/(^|\s)sm:bottom-0(\s|$)/);
  });
});
