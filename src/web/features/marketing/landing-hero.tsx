// The landing page's opening: the hero and what membership gives.
import { BadgeCheck, Banknote, BookLock, Check, LineChart, LockKeyhole, PieChart, Store } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { SlabIllustration } from './slab-illustration.tsx';
import { Eyebrow, RequestAccessButton, type LandingPageProps } from './landing-parts.tsx';

export function Hero({ onRequestAccess }: LandingPageProps) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-[#0b0b0c] text-white">
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
            A members-only registry, marketplace and lending desk for graded sports cards, run with the discretion of a private bank.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row sm:items-center">
            <RequestAccessButton onRequestAccess={onRequestAccess} />
            <Button size="lg" variant="ghost" asChild className="text-zinc-200 hover:bg-white/10 hover:text-white focus-visible:outline-white">
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
          <SlabIllustration grade="9.5" gradeLabel="MINT+" lines={['1989 UPPER DECK', '#1 BASEBALL']} cert="30917752" tone="slate" />
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

export function Membership() {
  return (
    <section id="membership" aria-labelledby="membership-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8 md:py-28">
        <div className="max-w-2xl">
          <Eyebrow className="text-crimson">What members get</Eyebrow>
          <h2 id="membership-title" className="mt-5 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl">
            Everything a serious collection needs, under one roof.
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
            One account holds the record of what you own, the market to buy and sell it, and the capital it can unlock.
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
