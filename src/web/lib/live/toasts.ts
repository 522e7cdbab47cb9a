import type { LiveMessage } from '#common/live.ts';
import type { ToastInput } from '#web/hooks/use-toast.ts';

const subject = (m: LiveMessage) => [m.year, m.playerName].filter(Boolean).join(' ');
const forCard = (m: LiveMessage) => (subject(m) ? ` for ${subject(m)}` : '');
const human = (status?: string) => (status ?? 'updated').replace(/_/g, ' ');

/**
 * The live toasts of spec §8. `mine` says whether the event is about the signed-in user's own
 * record; staff watching someone else's record get the server's description instead.
 */
export function toastForLiveMessage(m: LiveMessage, { mine }: { mine: boolean }): ToastInput | null {
  const own = (text: string) => (mine || !m.message ? text : m.message);
  switch (m.type) {
    case 'access_request_updated':
      if (m.status === 'approved')
        return { title: 'Access Request Approved', description: own('Your access request has been approved. You can now log in.') };
      if (m.status === 'rejected')
        return {
          title: 'Access Request Rejected',
          description: own('Your access request has been rejected. Please contact support for more information.'),
          variant: mine ? 'destructive' : 'default',
        };
      return m.message ? { title: 'Access Request Updated', description: m.message } : null;
    case 'hunt_updated':
      // Without a userId it is the board's refresh for every member: nobody's toast.
      if (!m.userId) return null;
      return { title: 'Hunt Request Updated', description: own(`Your hunt request${forCard(m)} is now ${human(m.status)}.`) };
    case 'sell_updated':
      return {
        title: 'Sell Offer Updated',
        description: own(
          m.status === 'accepted' || m.status === 'rejected'
            ? `Your sell offer${forCard(m)} has been ${m.status}.`
            : `Your sell offer${forCard(m)} is now ${human(m.status)}.`,
        ),
      };
    case 'request_updated':
      return {
        title: 'Card Request Updated',
        description: own(
          m.status === 'approved' ? `Your card request${forCard(m)} has been approved.` : `Your card request${forCard(m)} is now ${human(m.status)}.`,
        ),
      };
    case 'loan_updated':
      if (m.status === 'approved' || m.status === 'conditionally_approved')
        return {
          title: 'Loan Conditionally Approved',
          description: own(
            'Your loan has been conditionally approved. The item must be received in hand: our team will pick it up and call you to schedule.',
          ),
        };
      if (m.status === 'rejected')
        return { title: 'Loan Update', description: own('Your loan request has been rejected.'), variant: mine ? 'destructive' : 'default' };
      if (m.status === 'paid') return { title: 'Loan Marked as Paid', description: own('Your loan has been marked as paid.') };
      return { title: 'Loan Updated', description: own(`Your loan is now ${human(m.status)}.`) };
    case 'profile_updated':
      return { title: 'Profile Updated', description: own('Your profile has been updated.') };
    case 'source_updated':
    case 'source_status_changed':
      if (m.status === 'active') return { title: 'Source Request Approved', description: own(`Your source request${forCard(m)} has been approved.`) };
      if (m.status === 'closed') return { title: 'Source Request Closed', description: own(`Your source request${forCard(m)} has been closed.`) };
      if (m.status === 'fulfilled')
        return { title: 'Source Request Fulfilled', description: own(`Your source request${forCard(m)} has been fulfilled.`) };
      return null;
    case 'notification':
      if (m.silent) return null;
      return m.title || m.message ? { title: m.title, description: m.message, variant: m.variant } : null;
    default:
      return null;
  }
}
