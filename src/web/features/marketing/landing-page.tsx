import { useEffect, type ReactNode } from 'react';
import {
  ArrowRight,
  BadgeCheck,
  Banknote,
  BookLock,
  Check,
  EyeOff,
  Fingerprint,
  Landmark,
  LineChart,
  LockKeyhole,
  PieChart,
  ScrollText,
  ShieldCheck,
  Store,
} from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { SlabIllustration } from './slab-illustration.tsx';

export interface LandingPageProps {
  /** Opens the access-request dialog. Without it, "Request access" jumps to "How access works". */
  onRequestAccess?: () => void;
}

function RequestAccessButton({
  onRequestAccess,
  className,
  variant = 'crimson',
  children = 'Request access',
}: {
  onRequestAccess?: () => void;
  className?: string;
  variant?: 'crimson' | 'default' | 'outline';
  children?: ReactNode;
}) {
  if (onRequestAccess) {
    return (
      <Button size="lg" variant={variant} data-action="request-access" onClick={onRequestAccess} className={className}>
        {children}
        <ArrowRight aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Button size="lg" variant={variant} asChild className={className}>
      <a href="#how-it-works" data-action="request-access">
        {children}
        <ArrowRight aria-hidden="true" />
      </a>
    </Button>
  );
}

function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('flex items-center gap-2.5 text-xs font-medium uppercase tracking-[0.2em]', className)}>
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {children}
    </p>
  );
}

/* ---------------------------------------------------------------- Hero */

function Hero({ onRequestAccess }: LandingPageProps) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-[#0b0b0c] text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_78%_30%,rgba(139,26,26,0.55),transparent_55%),radial-gradient(ellipse_at_10%_110%,rgba(92,15,15,0.45),transparent_50%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.07] [background-image:linear-gradient(to_right,#fff_1px,transparent_1px),linear-gradient(to_bottom,#fff_1px,transparent_1px)] [background-size:64px_64px] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-5 pb-20 pt-16 sm:px-8 md:pb-28 md:pt-24 lg:grid-cols-[1.1fr_0.9fr] lg:gap-10">
        <div>
          <Eyebrow className="text-crimson-soft">By invitation only</Eyebrow>
          <h1
            id="hero-title"
            className="mt-6 font-display text-[2.75rem] font-normal leading-[1.04] tracking-tight text-balance sm:text-6xl lg:text-[4.25rem]"
          >
            The private market for the cards that matter.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-zinc-300">
            A members-only registry, marketplace and lending desk for graded sports cards, run with the
            discretion of a private bank.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:items-center">
            <RequestAccessButton onRequestAccess={onRequestAccess} />
            <Button
              size="lg"
              variant="ghost"
              asChild
              className="text-zinc-200 hover:bg-white/10 hover:text-white focus-visible:outline-white"
            >
              <a href="#membership">What membership includes</a>
            </Button>
          </div>
          <ul className="mt-12 grid max-w-xl grid-cols-1 gap-3 text-sm text-zinc-300 sm:grid-cols-3 sm:gap-6">
            {['Cert-verified cards', 'Vault custody', 'Settled in US dollars'].map((t) => (
              <li key={t} className="flex items-center gap-2">
                <Check className="size-4 text-crimson-soft" aria-hidden="true" />
                {t}
              </li>
            ))}
          </ul>
        </div>

        <HeroArt />
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-[22rem] sm:max-w-[26rem]">
      <div className="relative aspect-[4/5]">
        <div className="absolute left-[4%] top-[10%] w-[52%] -rotate-[9deg] opacity-80 drop-shadow-[0_30px_40px_rgba(0,0,0,0.6)]">
          <SlabIllustration
            grade="9.5"
            gradeLabel="MINT+"
            lines={['1989 UPPER DECK', '#1 BASEBALL']}
            cert="30917752"
            tone="slate"
          />
        </div>
        <div className="absolute right-[2%] top-0 w-[62%] rotate-[4deg] drop-shadow-[0_40px_50px_rgba(0,0,0,0.65)]">
          <SlabIllustration grade="10" />
        </div>

        <div className="absolute bottom-[9%] left-0 flex items-center gap-3 rounded-xl border border-white/10 bg-white/95 px-4 py-3 text-[#0b0b0c] shadow-2xl">
          <span className="flex size-8 items-center justify-center rounded-full bg-green-50 text-green-700">
            <BadgeCheck className="size-4.5" />
          </span>
          <span className="leading-tight">
            <span className="block text-xs text-zinc-500">Certificate</span>
            <span className="block text-sm font-semibold">Verified at intake</span>
          </span>
        </div>
        <div className="absolute -bottom-1 right-[4%] flex items-center gap-3 rounded-xl border border-white/10 bg-[#18181b]/95 px-4 py-3 text-white shadow-2xl">
          <span className="flex size-8 items-center justify-center rounded-full bg-crimson/30 text-crimson-soft">
            <LockKeyhole className="size-4.5" />
          </span>
          <span className="leading-tight">
            <span className="block text-xs text-zinc-400">Custody</span>
            <span className="block text-sm font-semibold">In the vault</span>
          </span>
        </div>
      </div>
    </div>
  );
}

/* ---------------------------------------------------------------- Membership */

const features = [
  {
    icon: BookLock,
    title: 'The registry',
    body: 'Catalogue every graded card you own. Add one by certificate number and the details fill themselves in; the registry keeps a running estimate of what your collection is worth.',
    points: ['Cert lookup on entry', 'Provenance timeline for every card', 'Private unless you share a link'],
    wide: true,
  },
  {
    icon: Store,
    title: 'Private MarketPlace',
    body: 'Buy from a curated book of cards offered only to members, or offer your own to the house. Reserved cards are held while you pay.',
    points: ['Members-only listings', 'Card held during checkout'],
  },
  {
    icon: Banknote,
    title: 'Lending against cards',
    body: 'Borrow against the value of your collection without selling it. Terms are published before you apply.',
    points: ['Fixed 3, 6 or 12-month terms', 'Live loan-to-value on every loan'],
  },
  {
    icon: PieChart,
    title: 'Card funds',
    body: 'Take a position in professionally managed portfolios of graded cards, with holdings and valuations you can inspect.',
    points: ['Holdings shown card by card', 'Valuation history over time'],
  },
  {
    icon: LineChart,
    title: 'The market index',
    body: 'A transparent benchmark of graded-card prices, so you can see how the market moves and how your registry compares.',
    points: ['Published methodology', 'Compare it with your own cards'],
  },
] as const;

function Membership() {
  return (
    <section id="membership" aria-labelledby="membership-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 md:py-28">
        <div className="max-w-2xl">
          <Eyebrow className="text-crimson">What members get</Eyebrow>
          <h2
            id="membership-title"
            className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl"
          >
            Everything a serious collection needs, under one roof.
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
            One account holds the record of what you own, the market to buy and sell it, and the capital
            it can unlock.
          </p>
        </div>

        <ul className="mt-14 grid gap-4 md:grid-cols-3">
          {features.map((f) => (
            <li
              key={f.title}
              className={cn(
                'group flex flex-col rounded-2xl border border-zinc-200 bg-zinc-50/60 p-7 transition-colors hover:border-zinc-300 hover:bg-white',
                'wide' in f && f.wide && 'md:col-span-2',
              )}
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-[#0b0b0c] text-white">
                <f.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-6 text-lg font-semibold tracking-tight">{f.title}</h3>
              <p className="mt-2 max-w-prose leading-relaxed text-muted-foreground">{f.body}</p>
              <ul className="mt-6 flex flex-col gap-2 border-t border-zinc-200 pt-5 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
                {f.points.map((p) => (
                  <li key={p} className="flex items-center gap-2 text-zinc-700">
                    <Check className="size-4 shrink-0 text-crimson" aria-hidden="true" />
                    {p}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------------- Index */

function IndexChart() {
  // A drawn, illustrative curve: not market data.
  const line =
    'M0 196 C40 190 60 170 96 174 S150 150 180 156 S236 128 268 136 S320 98 352 108 S410 84 440 70 S500 60 560 38';
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

function IndexSection() {
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
          <h2
            id="index-title"
            className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl"
          >
            A benchmark you can check the arithmetic of.
          </h2>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-zinc-300">
            Graded cards have lacked a reference price that anyone can audit. Ours is built from observed
            sales, weighted and rebalanced by published rules.
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
            Level = 1,000 × Σ weight × price today ÷ Σ weight × price at base. Illustration of the method.
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

function HowItWorks({ onRequestAccess }: LandingPageProps) {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-zinc-50">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 md:py-28">
        <div className="flex flex-col gap-8 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <Eyebrow className="text-crimson">How access works</Eyebrow>
            <h2
              id="how-title"
              className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl"
            >
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

function Security() {
  return (
    <section id="security" aria-labelledby="security-title" className="bg-white">
      <div className="mx-auto grid max-w-6xl gap-14 px-5 py-20 sm:px-8 md:py-28 lg:grid-cols-[0.8fr_1.2fr]">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <Eyebrow className="text-crimson">Trust and security</Eyebrow>
          <h2
            id="security-title"
            className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl"
          >
            Built like a vault. Run like a private bank.
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
            Collectors trust us with cards that cannot be replaced. The platform is designed around that fact,
            from who may join to how a card changes hands.
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

function ClosingCta({ onRequestAccess }: LandingPageProps) {
  return (
    <section aria-labelledby="closing-title" className="bg-white px-5 pb-20 sm:px-8 md:pb-28">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-[#0b0b0c] px-6 py-16 text-center text-white sm:px-12 md:py-24">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_50%_120%,rgba(139,26,26,0.7),transparent_60%)]"
        />
        <h2
          id="closing-title"
          className="mx-auto max-w-3xl font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl"
        >
          Your collection deserves a quieter room.
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-zinc-300">
          By request only. All applications are subject to approval.
        </p>
        <div className="mt-9 flex justify-center">
          <RequestAccessButton onRequestAccess={onRequestAccess} />
        </div>
      </div>
    </section>
  );
}

/** The public landing page for visitors: what the platform is and how to ask for access. */
export function LandingPage({ onRequestAccess }: LandingPageProps) {
  useEffect(() => {
    document.title = 'Private registry and marketplace for graded sports cards';
  }, []);
  return (
    <>
      <Hero onRequestAccess={onRequestAccess} />
      <Membership />
      <IndexSection />
      <HowItWorks onRequestAccess={onRequestAccess} />
      <Security />
      <ClosingCta onRequestAccess={onRequestAccess} />
    </>
  );
}
