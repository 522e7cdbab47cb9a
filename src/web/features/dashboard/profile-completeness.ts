import type { Profile } from '#common/auth.ts';

export interface CompletenessItem {
  key: 'name' | 'email' | 'marketingOptIn' | 'smsOptIn';
  label: string;
  done: boolean;
}

/** How complete a profile is: name, email and the two opt-ins, each a quarter. */
export function profileCompleteness(profile: Pick<Profile, 'name' | 'email' | 'marketingOptIn' | 'smsOptIn'>) {
  const items: CompletenessItem[] = [
    { key: 'name', label: 'Your name', done: !!profile.name?.trim() },
    { key: 'email', label: 'Email address', done: !!profile.email?.trim() },
    { key: 'smsOptIn', label: 'Account text messages', done: profile.smsOptIn },
    { key: 'marketingOptIn', label: 'Member news and offers', done: profile.marketingOptIn },
  ];
  const percent = Math.round((items.filter((i) => i.done).length / items.length) * 100);
  return { items, percent };
}
