import { createHash } from 'node:crypto';

/**
 * The client service agreement shown in full at the signing step. A change of wording is a new
 * version: clients sign a version, and the text's SHA-256 is stored beside their signature.
 */
export const SERVICE_AGREEMENT = {
  version: 1,
  title: 'Portfolio Management Service Agreement',
  text: `This Portfolio Management Service Agreement (the "Agreement") is made between you (the "Client") and the platform operator (the "Company"), acting through the portfolio manager assigned to you (the "Manager").

1. Services
The Company will acquire, hold and manage a portfolio of graded collectible sports cards on your behalf, in line with the investment tier and the allocation preferences you chose during onboarding. Allocation preferences guide the Manager's choices; they are not guarantees of the portfolio's composition at any given time.

2. Custody
Cards bought for your portfolio are held in the Company's insured vault. Each card, its grade, its certification number and every change of custody are recorded in your registry. You may ask for a card to be released to you; release is subject to the shipping and insurance terms in force at the time.

3. Funding
Your portfolio is funded by a wire transfer from an account in your own name, of at least the minimum of the tier you chose. Funds are held in a segregated client account until they are used to buy cards for your portfolio. The account becomes active once the Company confirms that your initial deposit has been received.

4. Fees
Fees are those published for your tier at the date you sign, and are shown on every invoice. No fee is charged before your account is active.

5. Risks
Collectible cards are not securities or deposits and are not insured by any government agency. Their value can fall as well as rise, markets for them can be illiquid, and past prices do not predict future prices. Only commit money you can afford to hold for several years.

6. Identity verification
You confirm that the identity documents you provided are genuine and your own. The Company may suspend the Services while it verifies them, and may end this Agreement if they cannot be verified.

7. Communications
You agree to receive messages about your account by SMS at the phone number you signed in with, and may ask for other channels at any time.

8. Term and termination
This Agreement runs until either party ends it with 30 days' written notice. On termination the Company will, at your choice, sell the cards in your portfolio at market and pay you the proceeds, or release them to you, after settling any fees due.

9. Electronic signature
By typing your full name and confirming below, you sign this Agreement electronically. Your typed name, the time and the network address you signed from are recorded with the version of this Agreement that you signed.

10. Governing law
This Agreement is governed by the laws of the State of New York.`,
} as const;

export const agreementSha256 = (text: string = SERVICE_AGREEMENT.text) => createHash('sha256').update(text).digest('hex');
