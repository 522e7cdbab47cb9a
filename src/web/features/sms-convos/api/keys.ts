export interface SmsThreadsParams {
  q: string;
  page: number;
}

/** Query keys of the SMS conversations; each starts with its GET path. `threads` covers the list and every thread. */
export const smsKeys = {
  threads: ['/api/admin/sms/threads'] as const,
  list: ({ q, page }: SmsThreadsParams) => [...smsKeys.threads, { q: q || undefined, page }] as const,
  thread: (phone: string) => [...smsKeys.threads, encodeURIComponent(phone)] as const,
};

/** Inbound messages arrive by webhook; an open page looks for them this often. */
export const SMS_POLL_MS = 15_000;
