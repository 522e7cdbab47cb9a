import type { Profile } from '#common/auth.ts';

export interface CompletenessItem {
  key: 'name' | 'email' | 'smsOptIn';
  label: string;
  done: boolean;
}

/**
 * How complete a profile is: name, email and account texts, each a third. The marketing opt-in
 * is a choice, not a missing field, so it never counts against the member.
 */
export function profileCompleteness(profile: Pick<Profile, 'name' | 'email' | 'smsOptIn'> & Partial<Pick<Profile, 'marketingOptIn'>>) {
  const items: CompletenessItem[] = [
    { key: 'name', label: 'Your name', done: !!profile.name?.trim() },
    { key: 'email', label: 'Email address', done: !!profile.email?.trim() },
    { key: 'smsOptIn', label: 'Account text messages', done: profile.smsOptIn },
  ];
  const percent = Math.round((items.filter((i) => i.done).length / items.length) * 100);
  return { items, percent };
}
