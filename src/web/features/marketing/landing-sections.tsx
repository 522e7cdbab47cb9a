// The landing page's later sections: the index, how it works, safeguards and the closing call.
import { EyeOff, Fingerprint, Landmark, LockKeyhole, ScrollText, ShieldCheck } from 'lucide-react';
import { Eyebrow, RequestAccessButton, type LandingPageProps } from './landing-parts.tsx';

function IndexChart() {
  // A drawn, illustrative curve: not market data.
  const line = 'M0 196 C40 190 60 170 96 174 S150 150 180 156 S236 128 268 136 S320 98 352 108 S410 84 440 70 S500 60 560 38';
  return (
    <svg viewBox="0 0 576 240" aria-hidden="true" focusable="false" className="h-auto w-full">
      <defs>
        <linearGradient id="index-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#8b1a1a" stopOpacity="0.45" />
          <stop offset="1" stopColor="#8b1a1a" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[40, 90, 140, 190].map((y) => (
        <line key={y} x1="0" x2="560" y1={y} y2={y} stroke="#ffffff" strokeOpacity="0.07" />
      ))}
      <line x1="0" x2="560" y1="196" y2="196" stroke="#ffffff" strokeOpacity="0.35" strokeDasharray="4 6" />
      <path d={`${line} L560 240 L0 240 Z`} fill="url(#index-fill)" />
      <path d={line} fill="none" stroke="#eaa3a3" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="560" cy="38" r="5" fill="#eaa3a3" />
      <circle cx="560" cy="38" r="11" fill="#eaa3a3" fillOpacity="0.2" />
    </svg>
  );
}

export function IndexSection() {
  const rules = [
    {
      k: '1,000',
      v: 'Base level. The index is the weighted value of its constituents against their value on the base date.',
    },
    {
      k: '2 + 1',
      v: 'A card qualifies with at least two observed sales in the past year, one of them in the past six months.',
    },
    {
      k: 'Public',
      v: 'Every change of constituents adjusts the divisor so the level does not jump, and the log is published.',
    },
  ];
  return (
    <section
      id="index"
      aria-labelledby="index-title"
      className="relative isolate overflow-hidden bg-gradient-to-br from-[#3d0a0a] via-[#160606] to-[#0b0b0c] text-white"
    >
      <div className="mx-auto grid max-w-6xl gap-14 px-5 py-20 sm:px-8 md:py-28 lg:grid-cols-2 lg:items-center">
        <div>
          <Eyebrow className="text-crimson-soft">The market index</Eyebrow>
          <h2 id="index-title" className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl">
            A benchmark you can check the arithmetic of.
          </h2>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-zinc-300">
            Graded cards have lacked a reference price that anyone can audit. Ours is built from observed sales, weighted and rebalanced by published
            rules.
          </p>
          <dl className="mt-10 grid gap-6 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {rules.map((r) => (
              <div key={r.k} className="border-t border-white/15 pt-4">
                <dt className="font-display text-3xl tabular">{r.k}</dt>
                <dd className="mt-2 text-sm leading-relaxed text-zinc-300">{r.v}</dd>
              </div>
            ))}
          </dl>
        </div>
        <figure className="rounded-2xl border border-white/10 bg-white/[0.03] p-5 shadow-2xl backdrop-blur-sm sm:p-7">
          <div className="flex items-baseline justify-between gap-4">
            <span className="text-xs font-medium uppercase tracking-[0.2em] text-zinc-300">Index level</span>
            <span className="text-xs text-zinc-400">Dashed line: base 1,000</span>
          </div>
          <div className="mt-6">
            <IndexChart />
          </div>
          <figcaption className="mt-5 border-t border-white/10 pt-4 text-sm text-zinc-400">
            {/* Σ in the system font: Inter has it only in its greek file (decision 150). */}
            Level = 1,000 × <span className="font-system">Σ</span> weight × price today ÷ <span className="font-system">Σ</span> weight × price at
            base. Illustration of the method.
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------------- How it works */

const steps = [
  {
    n: '01',
    title: 'Request access',
    body: 'Leave your mobile number and either your Instagram handle or the name of the member who referred you. It takes a minute.',
  },
  {
    n: '02',
    title: 'We review it',
    body: 'Every request is read by a person. By request only: all applications are subject to approval, and you will hear from us by SMS.',
  },
  {
    n: '03',
    title: 'Sign in with a code',
    body: 'Once approved, sign in with your phone number and a six-digit code sent by text. There is no password to forget or leak.',
  },
];

export function HowItWorks({ onRequestAccess }: LandingPageProps) {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-zinc-50">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 md:py-28">
        <div className="flex flex-col gap-8 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <Eyebrow className="text-crimson">How access works</Eyebrow>
            <h2 id="how-title" className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl">
              Three steps, and a person at the second one.
            </h2>
          </div>
          <RequestAccessButton onRequestAccess={onRequestAccess} variant="default" className="self-start md:self-auto" />
        </div>

        <ol className="mt-14 grid gap-4 md:grid-cols-3">
          {steps.map((s) => (
            <li key={s.n} className="relative rounded-2xl border border-zinc-200 bg-white p-7">
              <span className="font-display text-5xl font-light text-crimson tabular" aria-hidden="true">
                {s.n}
              </span>
              <h3 className="mt-6 text-lg font-semibold tracking-tight">
                <span className="sr-only">Step {Number(s.n)}: </span>
                {s.title}
              </h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{s.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------------- Security */

const safeguards = [
  {
    icon: ShieldCheck,
    title: 'Verified at every hand-off',
    body: 'Certificates are checked when a card comes in and again whenever its custody changes.',
  },
  {
    icon: LockKeyhole,
    title: 'Vault custody',
    body: 'Cards pledged, sold or placed with us are held in the vault, with every movement logged.',
  },
  {
    icon: ScrollText,
    title: 'A complete provenance record',
    body: 'Intake, listing, sale, pledge and release: each card carries a dated history of who held it.',
  },
  {
    icon: Fingerprint,
    title: 'Phone sign-in with one-time codes',
    body: 'Six-digit codes expire in minutes, and sessions end on their own after eight hours.',
  },
  {
    icon: Landmark,
    title: 'Payments through a processor',
    body: 'Card payments are handled by a regulated payment processor. We never see or store card numbers.',
  },
  {
    icon: EyeOff,
    title: 'Private by default',
    body: 'Your collection is visible to you alone until you choose to share a card, and a shared link can be revoked.',
  },
];

export function Security() {
  return (
    <section id="security" aria-labelledby="security-title" className="bg-white">
      <div className="mx-auto grid max-w-6xl gap-14 px-5 py-20 sm:px-8 md:py-28 lg:grid-cols-[0.8fr_1.2fr]">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <Eyebrow className="text-crimson">Trust and security</Eyebrow>
          <h2 id="security-title" className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl">
            Built like a vault. Run like a private bank.
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
            Collectors trust us with cards that cannot be replaced. The platform is designed around that fact, from who may join to how a card changes
            hands.
          </p>
        </div>
        <ul className="grid gap-x-10 gap-y-10 sm:grid-cols-2">
          {safeguards.map((s) => (
            <li key={s.title} className="border-t border-zinc-200 pt-6">
              <s.icon className="size-6 text-crimson" aria-hidden="true" />
              <h3 className="mt-4 font-semibold tracking-tight">{s.title}</h3>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">{s.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------------- Closing */

export function ClosingCta({ onRequestAccess }: LandingPageProps) {
  return (
    <section aria-labelledby="closing-title" className="bg-white px-5 pb-20 sm:px-8 md:pb-28">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-[#0b0b0c] px-6 py-16 text-center text-white sm:px-12 md:py-24">
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_50%_120%,rgba(139,26,26,0.7),transparent_60%)]" />
        <h2 id="closing-title" className="mx-auto max-w-3xl font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl">
          Your collection deserves a quieter room.
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-zinc-300">By request only. All applications are subject to approval.</p>
        <div className="mt-9 flex justify-center">
          <RequestAccessButton onRequestAccess={onRequestAccess} />
        </div>
      </div>
    </section>
  );
}

/** The public landing page for visitors: what the platform is and how to ask for access. */
