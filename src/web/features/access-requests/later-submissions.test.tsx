import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LaterSubmissions } from './later-submissions.tsx';

afterEach(cleanup);

const later = [
  { at: '2026-06-01T15:01:00.000Z', instagram: null, referral: 'Met at the National', marketingOptIn: true, smsOptIn: true },
  { at: '2026-06-02T09:00:00.000Z', instagram: 'other.handle', referral: null, marketingOptIn: false, smsOptIn: false },
];

describe('later submissions of an access request', () => {
  it('shows nothing for a request sent once', () => {
    const { container } = render(<LaterSubmissions submissions={[]} count={0} />);
    expect(container.innerHTML).toBe('');
  });

  it('says how often it was sent again and lists what each repeat said', () => {
    render(<LaterSubmissions submissions={later} count={7} />);
    const summary = screen.getByText('Sent again 7 times');
    fireEvent.click(summary);
    expect(screen.getByText('Met at the National')).toBeTruthy();
    expect(screen.getByText('@other.handle')).toBeTruthy();
    expect(screen.getByText('Latest 2 shown')).toBeTruthy();
  });
});
